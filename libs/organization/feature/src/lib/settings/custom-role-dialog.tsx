import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { zCustomRoleInput, zCustomRolePermission } from '@terrace/api-client/schemas';
import {
  ControlledField,
  domainRule,
  type FieldMessages,
  FormDialog,
  Input,
  SelectField,
  trimmed,
  unwrapOptional,
  useContractForm,
  useController,
  useFieldError,
  useFormContext,
  wireRule,
} from '@terrace/design-system';
import {
  customRoleTypes,
  stackRestrictions,
  type CustomRole,
  type CustomRoleInput,
  type CustomRoleType,
  type StackRestriction,
} from '@terrace/organization/data-access';
import { z } from 'zod/mini';
import { PermissionChecklist } from './permission-checklist';

export interface CustomRoleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  role?: CustomRole;
  onSave: (input: CustomRoleInput) => Promise<unknown>;
}

const wire = zCustomRoleInput.shape;
const choosePermission = msg`Choose at least one permission.`;
// The contract's limits; the console also asks for at least one permission (a role without any grants nothing).
export const customRoleFormSchema = z.object({
  name: trimmed(wire.name),
  type: unwrapOptional(wire.type),
  permissions: z
    .array(zCustomRolePermission.shape.name)
    .check(
      domainRule((permissions: string[]) => (permissions.length === 0 ? choosePermission : undefined)),
      wireRule(wire.permissions, (names: string[]) => names.map((name) => ({ name }))),
    ),
  stackRestriction: unwrapOptional(wire.stackRestriction),
});
type CustomRoleValues = z.input<typeof customRoleFormSchema>;
const messages: FieldMessages = { name: { required: msg`Enter a role name.` } };

export function CustomRoleDialog({ open, onOpenChange, role, onSave }: CustomRoleDialogProps) {
  const { t } = useLingui();
  const form = useContractForm({
    schema: customRoleFormSchema,
    defaultValues: { name: '', type: 'namespaceRole', permissions: [], stackRestriction: 'none' },
    messages,
  });
  const type = form.watch('type');

  const typeLabel = (type: CustomRoleType) => (type === 'organizationRole' ? t`Organization role` : t`Namespace role`);
  const typeHelp =
    type === 'organizationRole'
      ? t`Given to users and programmatic users for the whole organization.`
      : t`Given to teams, users or programmatic users on chosen namespaces.`;
  const restrictionLabel = (restriction: StackRestriction) =>
    restriction === 'none'
      ? t`No restriction`
      : restriction === 'restrictReadToOwnStacks'
        ? t`Read only stacks they created`
        : t`Change only stacks they created`;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={role ? t`Edit role ${role.name}` : t`Create a custom role`}
      submitLabel={role ? t`Save role` : t`Create role`}
      form={form}
      values={{
        name: role?.name ?? '',
        type: role?.type ?? 'namespaceRole',
        permissions: role?.permissions.map((p) => p.name) ?? [],
        stackRestriction: role?.stackRestriction ?? 'none',
      }}
      onValid={(values) =>
        onSave({
          name: values.name,
          type: values.type,
          permissions: values.permissions.map((permission) => ({ name: permission })),
          stackRestriction: values.stackRestriction,
        })
      }
    >
      <ControlledField<CustomRoleValues, 'name'> name="name" label={t`Name`} required>
        {(field) => <Input {...field} />}
      </ControlledField>
      <SelectField<CustomRoleValues, 'type'>
        name="type"
        label={t`Role type`}
        help={typeHelp}
        disabled={role !== undefined}
        options={customRoleTypes.map((option) => ({ value: option, label: typeLabel(option) }))}
      />
      <PermissionsField />
      <SelectField<CustomRoleValues, 'stackRestriction'>
        name="stackRestriction"
        label={t`Stack restriction`}
        help={t`Limits the permissions above to stacks the user created.`}
        options={stackRestrictions.map((restriction) => ({ value: restriction, label: restrictionLabel(restriction) }))}
      />
    </FormDialog>
  );
}

function PermissionsField() {
  const { t } = useLingui();
  const { control } = useFormContext<CustomRoleValues>();
  const { field } = useController({ control, name: 'permissions' });
  const error = useFieldError('permissions');
  return (
    <div className="flex flex-col gap-1.5" role="group" aria-label={t`Permissions`}>
      <span className="text-sm font-medium">{t`Permissions`}</span>
      <PermissionChecklist value={field.value} onChange={field.onChange} />
      {error && <p className="text-xs font-medium text-danger-subtle-foreground">{error}</p>}
    </div>
  );
}
