import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { zTeamInput } from '@terrace/api-client/schemas';
import { ControlledField, FormDialog, Input, trimmed, unwrapOptional, useContractForm, type FieldMessages } from '@terrace/design-system';
import type { Team, TeamInput } from '@terrace/organization/data-access';
import { z } from 'zod/mini';

// The contract's limits; the form trims, and an empty IdP id means none.
const wire = zTeamInput.shape;
export const teamFormSchema = z.object({
  name: trimmed(wire.name),
  customIdpId: trimmed(z.union([z.literal(''), unwrapOptional(wire.customIdpId)])),
});
type TeamFormValues = z.input<typeof teamFormSchema>;
const messages: FieldMessages = { name: { required: msg`Enter a team name.` } };

export interface TeamFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The team to edit; absent to create one. */
  team?: Team;
  /** Rejects when the server refuses; the dialog stays open with what was typed. */
  onSave: (input: TeamInput) => Promise<unknown>;
}

export function TeamFormDialog({ open, onOpenChange, team, onSave }: TeamFormDialogProps) {
  const { t } = useLingui();
  const form = useContractForm({ schema: teamFormSchema, defaultValues: { name: '', customIdpId: '' }, messages });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={team ? t`Edit team ${team.name}` : t`Create a team`}
      submitLabel={team ? t`Save team` : t`Create team`}
      form={form}
      // Each opening starts from the team as stored (or empty); a failed save keeps the typed values.
      values={{ name: team?.name ?? '', customIdpId: team?.customIdpId ?? '' }}
      onValid={(values) => onSave({ name: values.name, customIdpId: values.customIdpId || null })}
    >
      <ControlledField<TeamFormValues, 'name'> name="name" label={t`Name`} required>
        {(field) => <Input {...field} />}
      </ControlledField>
      <ControlledField<TeamFormValues, 'customIdpId'>
        name="customIdpId"
        label={t`Custom IdP ID`}
        help={t`The group name or id your identity provider sends. Users of that group join this team when they sign in with SSO.`}
      >
        {(field) => <Input {...field} />}
      </ControlledField>
    </FormDialog>
  );
}
