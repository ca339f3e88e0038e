import { OptionSelect, type OptionSelectProps } from '@terrace/design-system';
import { organizationRoles } from '@terrace/organization/data-access';
import { useRoleLabel } from './use-role-label';

export interface RoleSelectProps extends Omit<OptionSelectProps, 'value' | 'options' | 'onValueChange'> {
  /** A role key: the contract assigns roles by key (admin, viewer, member, deployer, runner). */
  value: string;
  onValueChange: (role: string) => void;
}

/**
 * The built-in organization roles; a key outside them (a namespace-only role) still shows as the
 * current value. A deferred select (OptionSelect): a list of users shows one per row, closed.
 */
export function RoleSelect({ value, onValueChange, ...trigger }: RoleSelectProps) {
  const roleLabel = useRoleLabel();
  const known = (organizationRoles as readonly string[]).includes(value);
  const roles = known ? organizationRoles : [value, ...organizationRoles];
  return <OptionSelect {...trigger} value={value} onValueChange={onValueChange} options={roles.map((role) => ({ value: role, label: roleLabel(role) }))} />;
}
