import { useLingui } from '@lingui/react/macro';
import { Button } from '@terrace/design-system';
import { useLocalSettings } from '@terrace/session';
import { Moon, Sun } from 'lucide-react';
import { useDeferred } from './deferred';

// The tooltip (Radix popper code) loads when the button is first hovered or focused.
const loadTooltip = () => import('./header-tooltip').then((m) => m.HeaderTooltip);

export function ThemeToggle() {
  const { t } = useLingui();
  const [settings, update] = useLocalSettings();
  const { Component: Tooltip, wanted, want, unwant, prime, trigger } = useDeferred(loadTooltip);
  const dark = settings.theme === 'dark';
  const label = dark ? t`Switch to light mode` : t`Switch to dark mode`;
  const button = (
    <Button
      ref={trigger}
      variant="ghost"
      size="icon"
      aria-label={label}
      // A mouse only: a touch's tap must not see its button replaced between press and click. A
      // pointer still over the button when the tooltip has loaded sees it open, as it would have.
      onPointerEnter={(event) => event.pointerType === 'mouse' && want()}
      onPointerLeave={unwant}
      onFocus={prime}
      onClick={() => update({ theme: dark ? 'light' : 'dark' })}
    >
      {dark ? <Sun /> : <Moon />}
    </Button>
  );
  return Tooltip ? (
    <Tooltip content={label} defaultOpen={wanted}>
      {button}
    </Tooltip>
  ) : (
    button
  );
}
