import { useLingui } from '@lingui/react/macro';
import { zTeamUserInput } from '@terrace/api-client/schemas';
import { ControlledField, domainRule, FormDialog, Input, trimmed, useContractForm, type FieldMessages } from '@terrace/design-system';
import { inputMessages, validateEmail } from '@terrace/domain';
import { z } from 'zod/mini';

// The contract's Email, and the spec's general address rule.
export const teamMemberSchema = z.object({
  userEmail: trimmed(zTeamUserInput.shape.userEmail).check(domainRule(validateEmail)),
});
type TeamMemberValues = z.input<typeof teamMemberSchema>;
const messages: FieldMessages = { userEmail: { required: inputMessages.email, too_small: inputMessages.email } };

export interface TeamMemberDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  teamName: string;
  /** Rejects when the server refuses; the dialog stays open with what was typed. */
  onAdd: (userEmail: string) => Promise<unknown>;
}

/** Adds a member of the organization to a team by e-mail. */
export function TeamMemberDialog({ open, onOpenChange, teamName, onAdd }: TeamMemberDialogProps) {
  const { t } = useLingui();
  const form = useContractForm({ schema: teamMemberSchema, defaultValues: { userEmail: '' }, messages });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Add a member to ${teamName}`}
      description={t`The user must already belong to the organization.`}
      submitLabel={t`Add member`}
      form={form}
      values={{ userEmail: '' }}
      onValid={({ userEmail }) => onAdd(userEmail)}
    >
      <ControlledField<TeamMemberValues, 'userEmail'> name="userEmail" label={t`E-mail address`} required>
        {(field) => <Input type="email" autoComplete="off" {...field} />}
      </ControlledField>
    </FormDialog>
  );
}
