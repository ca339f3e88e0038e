import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { zPersonalAccessTokenInput } from '@terrace/api-client/schemas';
import { ControlledField, Input, trimmed, type FieldMessages } from '@terrace/design-system';
import type { PersonalAccessTokenInput } from '@terrace/organization/data-access';
import { z } from 'zod/mini';
import { expiresInDaysOf, TokenExpirySelect, tokenExpiryChoices } from './token-expiry-select';

// The name's limits are the contract's; the lifetime is one of the offered choices, in days.
const tokenFields = z.object({
  name: trimmed(zPersonalAccessTokenInput.shape.name),
  expiry: z.enum(tokenExpiryChoices),
});
export const tokenCreateSchema = z.pipe(
  tokenFields,
  z.transform(({ name, expiry }: z.output<typeof tokenFields>): PersonalAccessTokenInput => ({
    name,
    expiresInDays: expiresInDaysOf(expiry),
  })),
);
export type TokenCreateValues = z.input<typeof tokenCreateSchema>;
export const tokenCreateMessages: FieldMessages = {
  name: { required: msg`Enter a name, for example the computer you run Terraform on.` },
};

/** What a new token starts from: tokens for a workstation expire by default, so a forgotten laptop does not keep access for ever. */
export const tokenCreateDefaults = (name: string): TokenCreateValues => ({ name, expiry: '90' });

/** The token's name and lifetime, inside a form of the form engine (the page's or a dialog's). */
export function TokenFields() {
  const { t } = useLingui();
  return (
    <>
      <ControlledField<TokenCreateValues, 'name'>
        name="name"
        label={t`Token name`}
        required
        help={t`Helps you recognise the token later.`}
      >
        {(field) => <Input {...field} className="max-w-md" />}
      </ControlledField>
      <ControlledField<TokenCreateValues, 'expiry'> name="expiry" label={t`Expires after`}>
        {(field) => (
          <TokenExpirySelect
            value={field.value}
            onValueChange={field.onChange}
            className="max-w-md"
          />
        )}
      </ControlledField>
    </>
  );
}
