import { useLingui } from '@lingui/react/macro';
import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@terrace/design-system';
import { locales } from '@terrace/i18n';
import { useLocalSettings, type Direction, type LocaleId, type NavigationType } from '@terrace/session';
import { Languages } from 'lucide-react';

/**
 * Language, writing direction and navigation type: the display preferences kept in local settings.
 * Loaded by `LanguageMenu` (language-menu.tsx) on the first use of its button, opened at once.
 */
export function LanguageDropdown({ defaultOpen }: { defaultOpen?: boolean }) {
  const { t } = useLingui();
  const [settings, update] = useLocalSettings();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t`Language and layout`}>
          <Languages />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel>{t`Language`}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={settings.locale} onValueChange={(value) => update({ locale: value as LocaleId })}>
          {locales.map((locale) => (
            <DropdownMenuRadioItem key={locale.id} value={locale.id} lang={locale.tag}>
              {locale.nativeName}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{t`Direction`}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={settings.direction} onValueChange={(value) => update({ direction: value as Direction })}>
          <DropdownMenuRadioItem value="ltr">{t`Left to right`}</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="rtl">{t`Right to left`}</DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{t`Navigation`}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={settings.navigationType}
          onValueChange={(value) => update({ navigationType: value as NavigationType })}
        >
          <DropdownMenuRadioItem value="SIDE">{t`Side navigation`}</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="TOP">{t`Top navigation`}</DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
