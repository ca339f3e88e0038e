import { useLingui } from '@lingui/react/macro';
import { zInvitationInput } from '@terrace/api-client/schemas';
import { ControlledField, domainRule, FormDialog, Input, trimmed, useContractForm, type FieldMessages } from '@terrace/design-system';
import { inputMessages, validateEmail } from '@terrace/domain';
import { z } from 'zod/mini';
import { RoleSelect } from '../common/role-select';

// The contract's Email and RoleKey, and the spec's general address rule.
const wire = zInvitationInput.shape;
export const inviteUserSchema = z.object({
  email: trimmed(wire.email).check(domainRule(validateEmail)),
  role: wire.role,
});
type InviteValues = z.input<typeof inviteUserSchema>;
// An empty or too short address reads as "not an address", as the spec words it.
const messages: FieldMessages = { email: { required: inputMessages.email, too_small: inputMessages.email } };

export interface InviteUserDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Rejects when the server refuses; the dialog stays open with what was typed. */
  onInvite: (input: { email: string; role: string }) => Promise<unknown>;
}

/** Invites a user into the organization by e-mail, with a role. */
export function InviteUserDialog({ open, onOpenChange, onInvite }: InviteUserDialogProps) {
  const { t } = useLingui();
  const form = useContractForm({ schema: inviteUserSchema, defaultValues: { email: '', role: 'member' }, messages });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Invite a user`}
      description={t`They receive an e-mail with a link to join the organization.`}
      submitLabel={t`Send invitation`}
      form={form}
      values={{ email: '', role: 'member' }}
      onValid={onInvite}
    >
      <ControlledField<InviteValues, 'email'> name="email" label={t`E-mail address`} required>
        {(field) => <Input type="email" autoComplete="off" {...field} />}
      </ControlledField>
      <ControlledField<InviteValues, 'role'> name="role" label={t`Role`} required>
        {(field) => <RoleSelect value={field.value} onValueChange={field.onChange} />}
      </ControlledField>
    </FormDialog>
  );
}
