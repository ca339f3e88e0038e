import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { zPersonalAccessTokenInput } from '@terrace/api-client/schemas';
import {
  Button,
  CardBody,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  ControlledField,
  Form,
  Input,
  Stack,
  trimmed,
  useContractForm,
  type FieldMessages,
} from '@terrace/design-system';
import type { PersonalAccessTokenInput } from '@terrace/organization/data-access';
import { useId, type ReactNode } from 'react';
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
type TokenCreateValues = z.input<typeof tokenCreateSchema>;
const messages: FieldMessages = {
  name: { required: msg`Enter a name, for example the computer you run Terraform on.` },
};

export interface TokenCreateFormProps {
  defaultName: string;
  /** Rejects when the server refuses; the name stays in the field. */
  onCreate: (input: PersonalAccessTokenInput) => Promise<unknown>;
  /** The form's title, description and submit label (a new token's, unless given). */
  title?: string;
  description?: string;
  submitLabel?: string;
  /** More actions beside the submit button. */
  extraActions?: ReactNode;
}

/** Names a personal access token and picks its lifetime. */
export function TokenCreateForm({ defaultName, onCreate, title, description, submitLabel, extraActions }: TokenCreateFormProps) {
  const { t } = useLingui();
  const titleId = useId();
  // Tokens for a workstation expire by default, so a forgotten laptop does not keep access for ever.
  const form = useContractForm({
    schema: tokenCreateSchema,
    defaultValues: { name: defaultName, expiry: '90' },
    messages,
  });
  return (
    <Form
      form={form}
      onSubmit={async (input) => void (await onCreate(input))}
      aria-labelledby={titleId}
    >
      <CardHeader>
        <div>
          <CardTitle id={titleId} aria-level={2}>
            {title ?? t`Create a token`}
          </CardTitle>
          <CardDescription>{description ?? t`The token acts as you, with your role and permissions.`}</CardDescription>
        </div>
      </CardHeader>
      <CardBody>
        <Stack gap={4}>
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
        </Stack>
      </CardBody>
      <CardFooter>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {submitLabel ?? t`Create token`}
        </Button>
        {extraActions}
      </CardFooter>
    </Form>
  );
}
