import { useLingui } from '@lingui/react/macro';
import { useVariableAccess } from './use-variable-access';
import { VariablesList } from './variables-list';

/** The namespace page's variables tab: its own variables, and the organization's it inherits. */
export function NamespaceVariablesPanel({ namespaceId }: { namespaceId: string }) {
  const { t } = useLingui();
  const place = { scope: 'namespace', scopeId: namespaceId } as const;
  const access = useVariableAccess(place);
  return (
    <VariablesList
      place={place}
      access={access}
      label={t`Variables of this namespace`}
      empty={{
        title: t`No variables yet`,
        text: t`Variables set here reach every stack of the namespace, unless a stack sets its own.`,
      }}
    />
  );
}
