import { useLingui } from '@lingui/react/macro';
import { OptionSelect, type OptionSelectProps } from '@terrace/design-system';

/** The lifetimes offered for a personal access token, in days; 'never' sends null (no expiry). */
export const tokenExpiryChoices = ['30', '90', '365', 'never'] as const;
export type TokenExpiryChoice = (typeof tokenExpiryChoices)[number];

export const expiresInDaysOf = (choice: TokenExpiryChoice): number | null => (choice === 'never' ? null : Number(choice));

export interface TokenExpirySelectProps extends Omit<OptionSelectProps, 'value' | 'options' | 'onValueChange'> {
  value: TokenExpiryChoice;
  onValueChange: (choice: TokenExpiryChoice) => void;
}

/** The lifetime choice; a deferred select (OptionSelect), as the form shows it closed. */
export function TokenExpirySelect({ value, onValueChange, ...trigger }: TokenExpirySelectProps) {
  const { t } = useLingui();
  const labels: Record<TokenExpiryChoice, string> = {
    '30': t`30 days`,
    '90': t`90 days`,
    '365': t`1 year`,
    never: t`Never`,
  };
  return (
    <OptionSelect
      {...trigger}
      value={value}
      options={tokenExpiryChoices.map((choice) => ({ value: choice, label: labels[choice] }))}
      onValueChange={(next) => onValueChange(next as TokenExpiryChoice)}
    />
  );
}
