import { useLingui } from '@lingui/react/macro';
import { useAccess, type SettingsSectionProps } from '@terrace/session';
import { VariablesList } from './variables-list';

/** Organization settings › Variables: the variables every namespace and stack inherits. */
export function OrganizationVariablesSection({ canEdit, readOnlyReason }: SettingsSectionProps) {
  const { t } = useLingui();
  const reveal = useAccess('stackVariable:readSecret');
  return (
    <VariablesList
      place={{ scope: 'organization' }}
      access={{
        edit: { canEdit, readOnlyReason },
        reveal: reveal.allowed ? { canEdit: true, readOnlyReason: '' } : { canEdit: false, readOnlyReason: reveal.reason },
      }}
      label={t`Organization variables`}
      empty={{
        title: t`No organization variables yet`,
        text: t`Variables set here reach every stack, unless its namespace or the stack sets its own. Use them for values every run needs, like a default region.`,
      }}
    />
  );
}
