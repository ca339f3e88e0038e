import { useLingui } from '@lingui/react/macro';
import { Button, Tooltip } from '@terrace/design-system';
import { useLocalSettings } from '@terrace/session';
import { Moon, Sun } from 'lucide-react';

export function ThemeToggle() {
  const { t } = useLingui();
  const [settings, update] = useLocalSettings();
  const dark = settings.theme === 'dark';
  const label = dark ? t`Switch to light mode` : t`Switch to dark mode`;
  return (
    <Tooltip content={label}>
      <Button variant="ghost" size="icon" aria-label={label} onClick={() => update({ theme: dark ? 'light' : 'dark' })}>
        {dark ? <Sun /> : <Moon />}
      </Button>
    </Tooltip>
  );
}
