import { useLingui } from '@lingui/react/macro';
import { Select, SelectContent, SelectGroup, SelectItem, SelectLabel, SelectTrigger, SelectValue } from '@terrace/design-system';
import { organizationRoles, type CustomRole } from '@terrace/organization/data-access';
import type { ComponentProps } from 'react';
import { useRoleLabel } from './use-role-label';

const CUSTOM = 'custom:';

export interface RoleValue {
  orgRole: string;
  customRoleId: string | null;
}

export function encodeRole(value: RoleValue): string {
  return value.customRoleId ? `${CUSTOM}${value.customRoleId}` : value.orgRole;
}

/** Custom roles are sent as their id with the role key 'custom' (api-evidence: customRoleId). */
export function decodeRole(encoded: string): RoleValue {
  return encoded.startsWith(CUSTOM)
    ? { orgRole: 'custom', customRoleId: encoded.slice(CUSTOM.length) }
    : { orgRole: encoded, customRoleId: null };
}

export interface RoleSelectProps extends Omit<ComponentProps<typeof SelectTrigger>, 'value' | 'onChange'> {
  value: RoleValue;
  onValueChange: (value: RoleValue) => void;
  /** Custom roles of type organizationRole. */
  customRoles: CustomRole[];
  disabled?: boolean;
}

/** Built-in organization roles, then the organization's custom roles. */
export function RoleSelect({ value, onValueChange, customRoles, disabled, ...trigger }: RoleSelectProps) {
  const { t } = useLingui();
  const roleLabel = useRoleLabel();
  const custom = customRoles.filter((role) => role.type === 'organizationRole');
  return (
    <Select value={encodeRole(value)} onValueChange={(next) => onValueChange(decodeRole(next))} disabled={disabled}>
      <SelectTrigger {...trigger}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectGroup>
          {organizationRoles.map((role) => (
            <SelectItem key={role} value={role}>
              {roleLabel(role)}
            </SelectItem>
          ))}
        </SelectGroup>
        {custom.length > 0 && (
          <SelectGroup>
            <SelectLabel>{t`Custom roles`}</SelectLabel>
            {custom.map((role) => (
              <SelectItem key={role.id} value={`${CUSTOM}${role.id}`}>
                {role.name}
              </SelectItem>
            ))}
          </SelectGroup>
        )}
      </SelectContent>
    </Select>
  );
}
