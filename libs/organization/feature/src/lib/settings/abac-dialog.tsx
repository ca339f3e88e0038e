import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { zCustomAbacConfigurationInput } from '@terrace/api-client/schemas';
import {
  Checkbox,
  ControlledField,
  type FieldMessages,
  FormDialog,
  Input,
  Label,
  trimmed,
  useContractForm,
  useController,
} from '@terrace/design-system';
import type { AbacConfiguration, AbacConfigurationInput, Team } from '@terrace/organization/data-access';
import { useId } from 'react';
import { z } from 'zod/mini';
import { RoleSelect } from '../common/role-select';

export interface AbacDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  organizationId: string;
  rule?: AbacConfiguration;
  teams: Team[];
  onSave: (input: AbacConfigurationInput) => Promise<unknown>;
}

const wire = zCustomAbacConfigurationInput.shape;
const role = wire.roles.def.element.shape;
// The contract's limits for the rule and the role; the teams of this organization's mapping.
export const abacFormSchema = z.object({
  name: trimmed(wire.name),
  group: trimmed(wire.customAbacId),
  role: role.orgRole,
  // Teams are picked from the server's list, so their ids are not checked again.
  teamIds: z.array(z.string()),
});
type AbacValues = z.input<typeof abacFormSchema>;
const messages: FieldMessages = {
  name: { required: msg`Enter a name for the rule.` },
  group: { required: msg`Enter the group as your identity provider sends it.` },
};

/** One identity-provider group mapped to an organization role and teams. */
export function AbacDialog({ open, onOpenChange, organizationId, rule, teams, onSave }: AbacDialogProps) {
  const { t } = useLingui();
  const baseId = useId();
  const form = useContractForm({ schema: abacFormSchema, defaultValues: { name: '', group: '', role: 'member', teamIds: [] }, messages });
  const mapping = rule?.roles.find((r) => r.orgId === organizationId) ?? rule?.roles[0];
  const teamIds = useController({ control: form.control, name: 'teamIds' });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={rule ? t`Edit rule ${rule.name}` : t`Add an attribute rule`}
      description={t`Members of the identity-provider group get this role and join these teams each time they sign in with SSO.`}
      submitLabel={rule ? t`Save rule` : t`Add rule`}
      form={form}
      values={{ name: rule?.name ?? '', group: rule?.customAbacId ?? '', role: mapping?.orgRole ?? 'member', teamIds: mapping?.teamIds ?? [] }}
      onValid={(values) => {
        // Rules of other organizations (management setups) are kept as they are.
        const others = (rule?.roles ?? []).filter((r) => r.orgId !== organizationId);
        return onSave({
          name: values.name,
          customAbacId: values.group,
          roles: [...others, { orgId: organizationId, orgRole: values.role, teamIds: values.teamIds }],
        });
      }}
    >
      <ControlledField<AbacValues, 'name'> name="name" label={t`Rule name`} required>
        {(field) => <Input {...field} />}
      </ControlledField>
      <ControlledField<AbacValues, 'group'> name="group" label={t`Identity-provider group`} required help={t`The group claim value, e.g. platform-admins.`}>
        {(field) => <Input {...field} className="font-mono" />}
      </ControlledField>
      <ControlledField<AbacValues, 'role'> name="role" label={t`Organization role`} required>
        {(field) => <RoleSelect value={field.value} onValueChange={field.onChange} />}
      </ControlledField>
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
                    checked={teamIds.field.value.includes(team.id)}
                    onCheckedChange={(checked) =>
                      teamIds.field.onChange(
                        checked === true ? [...teamIds.field.value, team.id] : teamIds.field.value.filter((x) => x !== team.id),
                      )
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
