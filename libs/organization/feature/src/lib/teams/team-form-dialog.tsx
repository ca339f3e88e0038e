import { useLingui } from '@lingui/react/macro';
import { FormField, Input } from '@terrace/design-system';
import type { Team, TeamInput } from '@terrace/organization/data-access';
import { useEffect, useState } from 'react';
import { FormDialog } from '../common/form-dialog';

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
  const [values, setValues] = useState({ name: '', customIdpId: '' });
  const [nameError, setNameError] = useState<string | null>(null);

  // Each opening starts from the team as stored (or empty); a failed save keeps the typed values.
  useEffect(() => {
    if (open) {
      setValues({ name: team?.name ?? '', customIdpId: team?.customIdpId ?? '' });
      setNameError(null);
    }
  }, [open, team]);

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={team ? t`Edit team ${team.name}` : t`Create a team`}
      submitLabel={team ? t`Save team` : t`Create team`}
      onSubmit={async () => {
        const name = values.name.trim();
        const problem = name === '' ? t`Enter a team name.` : name.length > 128 ? t`The name can be at most 128 characters.` : null;
        setNameError(problem);
        if (problem) return false;
        await onSave({ name, customIdpId: values.customIdpId.trim() || null });
        return true;
      }}
    >
      <FormField label={t`Name`} required error={nameError}>
        <Input value={values.name} onChange={(event) => setValues({ ...values, name: event.target.value })} />
      </FormField>
      <FormField
        label={t`Custom IdP ID`}
        help={t`The group name or id your identity provider sends. Users of that group join this team when they sign in with SSO.`}
      >
        <Input value={values.customIdpId} onChange={(event) => setValues({ ...values, customIdpId: event.target.value })} />
      </FormField>
    </FormDialog>
  );
}
