import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ControlledField, Input, SelectField, Stack, Textarea } from '@terrace/design-system';
import { namespacesQueries } from '@terrace/namespaces/data-access';
import { useApiClient } from '@terrace/session';
import type { StackFormValues } from './stack-form';

/** The wizard's first step, shown with the page: name, description and namespace. */
export function StackGeneralStep({ namespaceLocked }: { namespaceLocked: boolean }) {
  const { t } = useLingui();
  const client = useApiClient();
  const namespaces = useQuery(namespacesQueries.list(client, { page: 1, pageSize: 1000 }));
  return (
    <Stack gap={5} className="max-w-xl">
      <ControlledField<StackFormValues, 'name'> name="name" label={t`Name`} required>
        {(field) => <Input {...field} autoComplete="off" />}
      </ControlledField>
      <ControlledField<StackFormValues, 'description'> name="description" label={t`Description`}>
        {(field) => <Textarea {...field} rows={3} />}
      </ControlledField>
      <SelectField<StackFormValues, 'namespaceId'>
        name="namespaceId"
        label={t`Namespace`}
        required
        help={namespaceLocked ? t`Move the stack to change its namespace.` : t`The stack inherits the namespace's settings and permissions.`}
        disabled={namespaceLocked}
        placeholder={t`Choose a namespace`}
        options={(namespaces.data?.items ?? []).map((ns) => ({ value: ns.id, label: ns.name }))}
      />
    </Stack>
  );
}
