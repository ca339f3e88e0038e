import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { SelectField } from '@terrace/design-system';
import { namespacesQueries } from '@terrace/namespaces/data-access';
import { useApiClient } from '@terrace/session';

/** The namespace of a new stack, among those the template or blueprint is available in. */
export function NamespaceSelect({ name, allowed }: { name: string; allowed: readonly string[] }) {
  const { t } = useLingui();
  const client = useApiClient();
  const namespaces = useQuery(namespacesQueries.list(client, { page: 1, pageSize: 1000 }));
  const options = (namespaces.data?.items ?? []).filter((namespace) => allowed.includes(namespace.id));
  return (
    <SelectField
      name={name}
      label={t`Namespace`}
      required
      help={t`Only the namespaces it is available in.`}
      placeholder={namespaces.isPending ? t`Loading namespaces…` : t`Choose a namespace`}
      options={options.map((namespace) => ({ value: namespace.id, label: namespace.name }))}
    />
  );
}
