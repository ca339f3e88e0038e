import { useLingui } from '@lingui/react/macro';
import {
  Checkbox,
  FormDialog,
  FormField,
  Input,
  Label,
} from '@terrace/design-system';
import type { AbacConfiguration, AbacConfigurationInput, Team } from '@terrace/organization/data-access';
import { useEffect, useId, useState } from 'react';
import { RoleSelect } from '../common/role-select';

export interface AbacDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  organizationId: string;
  rule?: AbacConfiguration;
  teams: Team[];
  onSave: (input: AbacConfigurationInput) => Promise<unknown>;
}

/** One identity-provider group mapped to an organization role and teams. */
export function AbacDialog({ open, onOpenChange, organizationId, rule, teams, onSave }: AbacDialogProps) {
  const { t } = useLingui();
  const baseId = useId();
  const [name, setName] = useState('');
  const [group, setGroup] = useState('');
  const [role, setRole] = useState('member');
  const [teamIds, setTeamIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ name?: string; group?: string }>({});

  useEffect(() => {
    if (!open) return;
    const mapping = rule?.roles.find((r) => r.orgId === organizationId) ?? rule?.roles[0];
    setName(rule?.name ?? '');
    setGroup(rule?.customAbacId ?? '');
    setRole(mapping?.orgRole ?? 'member');
    setTeamIds(mapping?.teamIds ?? []);
    setErrors({});
  }, [open, rule, organizationId]);

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={rule ? t`Edit rule ${rule.name}` : t`Add an attribute rule`}
      description={t`Members of the identity-provider group get this role and join these teams each time they sign in with SSO.`}
      submitLabel={rule ? t`Save rule` : t`Add rule`}
      onSubmit={async () => {
        const next: typeof errors = {};
        if (name.trim() === '') next.name = t`Enter a name for the rule.`;
        if (group.trim() === '') next.group = t`Enter the group as your identity provider sends it.`;
        setErrors(next);
        if (Object.keys(next).length > 0) return false;
        // Rules of other organizations (management setups) are kept as they are.
        const others = (rule?.roles ?? []).filter((r) => r.orgId !== organizationId);
        await onSave({
          name: name.trim(),
          customAbacId: group.trim(),
          roles: [...others, { orgId: organizationId, orgRole: role, teamIds }],
        });
        return true;
      }}
    >
      <FormField label={t`Rule name`} required error={errors.name}>
        <Input value={name} onChange={(event) => setName(event.target.value)} />
      </FormField>
      <FormField label={t`Identity-provider group`} required error={errors.group} help={t`The group claim value, e.g. platform-admins.`}>
        <Input value={group} onChange={(event) => setGroup(event.target.value)} className="font-mono" />
      </FormField>
      <FormField label={t`Organization role`} required>
        <RoleSelect value={role} onValueChange={setRole} />
      </FormField>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t`Teams`}</legend>
        {teams.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t`The organization has no teams yet.`}</p>
        ) : (
          <div className="grid max-h-48 grid-cols-1 gap-1.5 overflow-y-auto sm:grid-cols-2">
            {teams.map((team) => {
              const id = `${baseId}-${team.id}`;
              return (
                <div key={team.id} className="flex items-center gap-2">
                  <Checkbox
                    id={id}
                    checked={teamIds.includes(team.id)}
                    onCheckedChange={(checked) =>
                      setTeamIds((current) => (checked === true ? [...current, team.id] : current.filter((x) => x !== team.id)))
                    }
                  />
                  <Label htmlFor={id} className="font-normal">
                    {team.name}
                  </Label>
                </div>
              );
            })}
          </div>
        )}
      </fieldset>
    </FormDialog>
  );
}
