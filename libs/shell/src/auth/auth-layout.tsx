import { useLingui } from '@lingui/react/macro';
import { Layers } from 'lucide-react';
import { takeSignOutTarget } from '@terrace/session';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { LanguageMenu } from '../lib/header/language-menu';
import { ThemeToggle } from '../lib/header/theme-toggle';

/** The frame of every sign-in page: brand, language and theme, and the page's card in the middle. */
export function AuthLayout() {
  const { t } = useLingui();
  // Reaching a sign-in page completes a sign-out: from now on a visitor of an /app page is sent
  // to sign-in with that page as the redirect target again (spec §2.1, "just triggered").
  useEffect(() => {
    takeSignOutTarget();
  }, []);
  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <header className="flex h-14 items-center justify-between px-6">
        <span className="flex items-center gap-2 font-semibold">
          <span className="flex size-8 items-center justify-center rounded-md bg-primary text-primary-foreground">
            <Layers aria-hidden className="size-5" />
          </span>
          <span className="text-base tracking-tight">Terrace</span>
        </span>
        <div className="flex items-center gap-1">
          <ThemeToggle />
          <LanguageMenu />
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-[8vh] pb-12">
        <Outlet />
      </main>
      <footer className="px-6 pb-6 text-center text-xs text-muted-foreground">
        <p>{t`Infrastructure as code, governed in one place.`}</p>
      </footer>
    </div>
  );
}
