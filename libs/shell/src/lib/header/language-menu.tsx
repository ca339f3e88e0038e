import { useLingui } from '@lingui/react/macro';
import { Button, Deferred } from '@terrace/design-system';
import { Languages } from 'lucide-react';

const loadDropdown = () => import('./language-dropdown').then((m) => m.LanguageDropdown);

/**
 * The language, direction and navigation menu of the header. Its button renders at once; the
 * menu itself (language-dropdown.tsx, with the Radix menu code) loads on hover, focus or first
 * press, and opens on the press that asked for it.
 */
export function LanguageMenu() {
  const { t } = useLingui();
  return (
    <Deferred
      load={loadDropdown}
      props={{}}
      trigger={(trigger) => (
        <Button {...trigger} type="button" variant="ghost" size="icon" aria-label={t`Language and layout`} aria-haspopup="menu">
          <Languages />
        </Button>
      )}
    />
  );
}
