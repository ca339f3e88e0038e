import { useLingui } from '@lingui/react/macro';
import {
  FormDialog,
  FormField,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@terrace/design-system';
import {
  customRoleTypes,
  stackRestrictions,
  type CustomRole,
  type CustomRoleInput,
  type CustomRolePermissionName,
  type CustomRoleType,
  type StackRestriction,
} from '@terrace/organization/data-access';
import { useEffect, useState } from 'react';
import { PermissionChecklist } from './permission-checklist';

export interface CustomRoleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  role?: CustomRole;
  onSave: (input: CustomRoleInput) => Promise<unknown>;
}

export function CustomRoleDialog({ open, onOpenChange, role, onSave }: CustomRoleDialogProps) {
  const { t } = useLingui();
  const [values, setValues] = useState<{ name: string; type: CustomRoleType; permissions: CustomRolePermissionName[]; stackRestriction: StackRestriction }>({
    name: '',
    type: 'namespaceRole',
    permissions: [],
    stackRestriction: 'none',
  });
  const [errors, setErrors] = useState<{ name?: string; permissions?: string }>({});

  useEffect(() => {
    if (open) {
      setValues({
        name: role?.name ?? '',
        type: role?.type ?? 'namespaceRole',
        permissions: role?.permissions.map((p) => p.name) ?? [],
        stackRestriction: role?.stackRestriction ?? 'none',
      });
      setErrors({});
    }
  }, [open, role]);

  const typeLabel = (type: CustomRoleType) => (type === 'organizationRole' ? t`Organization role` : t`Namespace role`);
  const typeHelp =
    values.type === 'organizationRole'
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
      onSubmit={async () => {
        const name = values.name.trim();
        const next: typeof errors = {};
        if (name === '') next.name = t`Enter a role name.`;
        if (values.permissions.length === 0) next.permissions = t`Choose at least one permission.`;
        setErrors(next);
        if (Object.keys(next).length > 0) return false;
        await onSave({
          name,
          type: values.type,
          permissions: values.permissions.map((permission) => ({ name: permission })),
          stackRestriction: values.stackRestriction,
        });
        return true;
      }}
    >
      <FormField label={t`Name`} required error={errors.name}>
        <Input value={values.name} onChange={(event) => setValues({ ...values, name: event.target.value })} />
      </FormField>
      <FormField label={t`Role type`} help={typeHelp}>
        <Select value={values.type} onValueChange={(type) => setValues({ ...values, type: type as CustomRoleType })} disabled={role !== undefined}>
          <SelectTrigger>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {customRoleTypes.map((type) => (
              <SelectItem key={type} value={type}>
                {typeLabel(type)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
      <div className="flex flex-col gap-1.5" role="group" aria-label={t`Permissions`}>
        <span className="text-sm font-medium">{t`Permissions`}</span>
        <PermissionChecklist value={values.permissions} onChange={(permissions) => setValues({ ...values, permissions })} />
        {errors.permissions && <p className="text-xs font-medium text-danger-subtle-foreground">{errors.permissions}</p>}
      </div>
      <FormField label={t`Stack restriction`} help={t`Limits the permissions above to stacks the user created.`}>
        <Select
          value={values.stackRestriction}
          onValueChange={(restriction) => setValues({ ...values, stackRestriction: restriction as StackRestriction })}
        >
          <SelectTrigger>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {stackRestrictions.map((restriction) => (
              <SelectItem key={restriction} value={restriction}>
                {restrictionLabel(restriction)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
    </FormDialog>
  );
}
