import { useLingui } from '@lingui/react/macro';
import { FormDialog, useContractForm } from '@terrace/design-system';
import type { PersonalAccessTokenInput } from '@terrace/organization/data-access';
import {
  tokenCreateDefaults,
  tokenCreateMessages,
  tokenCreateSchema,
  TokenFields,
} from './token-fields';

export interface TokenCreateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultName: string;
  /** Rejects when the server refuses; the dialog stays open with what was typed. */
  onCreate: (input: PersonalAccessTokenInput) => Promise<unknown>;
}

/** Names a new personal access token and picks its lifetime (the manual flow's "Create token"). */
export function TokenCreateDialog({
  open,
  onOpenChange,
  defaultName,
  onCreate,
}: TokenCreateDialogProps) {
  const { t } = useLingui();
  const form = useContractForm({
    schema: tokenCreateSchema,
    defaultValues: tokenCreateDefaults(defaultName),
    messages: tokenCreateMessages,
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Create a token`}
      description={t`The token acts as you, with your role and permissions.`}
      submitLabel={t`Create token`}
      form={form}
      values={tokenCreateDefaults(defaultName)}
      onValid={onCreate}
    >
      <TokenFields />
    </FormDialog>
  );
}
