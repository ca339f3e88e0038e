import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@terrace/design-system';
import { organizationRoles } from '@terrace/organization/data-access';
import type { ComponentProps } from 'react';
import { useRoleLabel } from './use-role-label';

export interface RoleSelectProps extends Omit<ComponentProps<typeof SelectTrigger>, 'value' | 'onChange'> {
  /** A role key: the contract assigns roles by key (admin, viewer, member, deployer, runner). */
  value: string;
  onValueChange: (role: string) => void;
  disabled?: boolean;
}

/** The built-in organization roles; a key outside them (a namespace-only role) still shows as the current value. */
export function RoleSelect({ value, onValueChange, disabled, ...trigger }: RoleSelectProps) {
  const roleLabel = useRoleLabel();
  const known = (organizationRoles as readonly string[]).includes(value);
  return (
    <Select value={value} onValueChange={onValueChange} disabled={disabled}>
      <SelectTrigger {...trigger}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {!known && <SelectItem value={value}>{roleLabel(value)}</SelectItem>}
        {organizationRoles.map((role) => (
          <SelectItem key={role} value={role}>
            {roleLabel(role)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
