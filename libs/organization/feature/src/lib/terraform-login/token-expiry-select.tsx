import { useLingui } from '@lingui/react/macro';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@terrace/design-system';
import type { ComponentProps } from 'react';

/** The lifetimes offered for a personal access token, in days; 'never' sends null (no expiry). */
export const tokenExpiryChoices = ['30', '90', '365', 'never'] as const;
export type TokenExpiryChoice = (typeof tokenExpiryChoices)[number];

export const expiresInDaysOf = (choice: TokenExpiryChoice): number | null => (choice === 'never' ? null : Number(choice));

export interface TokenExpirySelectProps extends Omit<ComponentProps<typeof SelectTrigger>, 'value' | 'onChange'> {
  value: TokenExpiryChoice;
  onValueChange: (choice: TokenExpiryChoice) => void;
}

export function TokenExpirySelect({ value, onValueChange, ...trigger }: TokenExpirySelectProps) {
  const { t } = useLingui();
  const labels: Record<TokenExpiryChoice, string> = {
    '30': t`30 days`,
    '90': t`90 days`,
    '365': t`1 year`,
    never: t`Never`,
  };
  return (
    <Select value={value} onValueChange={(next) => onValueChange(next as TokenExpiryChoice)}>
      <SelectTrigger {...trigger}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {tokenExpiryChoices.map((choice) => (
          <SelectItem key={choice} value={choice}>
            {labels[choice]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
