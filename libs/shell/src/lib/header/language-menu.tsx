import { useLingui } from '@lingui/react/macro';
import { Button } from '@terrace/design-system';
import { Languages } from 'lucide-react';
import { menuTriggerHandlers, useDeferred } from './deferred';

const loadDropdown = () => import('./language-dropdown').then((m) => m.LanguageDropdown);

/**
 * The language, direction and navigation menu of the header. Its button renders at once; the
 * menu itself (language-dropdown.tsx, with the Radix menu code) loads on hover, focus or first
 * press, and opens on the press that asked for it.
 */
export function LanguageMenu() {
  const { t } = useLingui();
  const { Component: Dropdown, wanted, prime, want, trigger } = useDeferred(loadDropdown);
  if (Dropdown) return <Dropdown defaultOpen={wanted} />;
  return (
    <Button
      ref={trigger}
      type="button"
      variant="ghost"
      size="icon"
      aria-label={t`Language and layout`}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      {...menuTriggerHandlers(want, prime)}
    >
      <Languages />
    </Button>
  );
}
