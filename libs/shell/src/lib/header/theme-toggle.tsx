import { useLingui } from '@lingui/react/macro';
import { Button, DeferredTooltip } from '@terrace/design-system';
import { useLocalSettings } from '@terrace/session';
import { Moon, Sun } from 'lucide-react';

export function ThemeToggle() {
  const { t } = useLingui();
  const [settings, update] = useLocalSettings();
  const dark = settings.theme === 'dark';
  const label = dark ? t`Switch to light mode` : t`Switch to dark mode`;
  // The tooltip (Radix popper code) loads when the button is first hovered or focused.
  return (
    <DeferredTooltip content={label}>
      <Button variant="ghost" size="icon" aria-label={label} onClick={() => update({ theme: dark ? 'light' : 'dark' })}>
        {/* Both, shown by the page's theme class: the sign-in page's markup prerendered in light
            (apps/console first-paint.ts) shows the right icon before React draws it. */}
        <Sun className="hidden dark:block" aria-hidden />
        <Moon className="dark:hidden" aria-hidden />
      </Button>
    </DeferredTooltip>
  );
}
