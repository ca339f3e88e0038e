import { Button, CardBody, CardDescription, CardFooter, CardHeader, CardTitle, Form, Stack, useContractForm } from '@terrace/design-system';
import type { PersonalAccessTokenInput } from '@terrace/organization/data-access';
import { useId, type ReactNode } from 'react';
import { tokenCreateDefaults, tokenCreateMessages, tokenCreateSchema, TokenFields } from './token-fields';

export interface TokenCreateFormProps {
  defaultName: string;
  /** Rejects when the server refuses; the name stays in the field. */
  onCreate: (input: PersonalAccessTokenInput) => Promise<unknown>;
  title: string;
  description: string;
  submitLabel: string;
  /** More actions beside the submit button. */
  extraActions?: ReactNode;
}

/** Names a personal access token and picks its lifetime, inline in a card (the login.v1 approval). */
export function TokenCreateForm({ defaultName, onCreate, title, description, submitLabel, extraActions }: TokenCreateFormProps) {
  const titleId = useId();
  const form = useContractForm({ schema: tokenCreateSchema, defaultValues: tokenCreateDefaults(defaultName), messages: tokenCreateMessages });
  return (
    <Form form={form} onSubmit={async (input) => void (await onCreate(input))} aria-labelledby={titleId}>
      <CardHeader>
        <div>
          <CardTitle id={titleId} aria-level={2}>
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
      </CardHeader>
      <CardBody>
        <Stack gap={4}>
          <TokenFields />
        </Stack>
      </CardBody>
      <CardFooter>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {submitLabel}
        </Button>
        {extraActions}
      </CardFooter>
    </Form>
  );
}
