import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ControlledField, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@terrace/design-system';
import { namespacesQueries } from '@terrace/namespaces/data-access';
import { useApiClient } from '@terrace/session';

/** The namespace of a new stack, among those the template or blueprint is available in. */
export function NamespaceSelect({ name, allowed }: { name: string; allowed: readonly string[] }) {
  const { t } = useLingui();
  const client = useApiClient();
  const namespaces = useQuery(namespacesQueries.list(client, { page: 1, pageSize: 1000 }));
  const options = (namespaces.data?.items ?? []).filter((namespace) => allowed.includes(namespace.id));
  return (
    <ControlledField name={name} label={t`Namespace`} required help={t`Only the namespaces it is available in.`}>
      {(field) => (
        <Select value={(field.value as string) || undefined} onValueChange={field.onChange}>
          <SelectTrigger ref={field.ref}>
            <SelectValue placeholder={namespaces.isPending ? t`Loading namespaces…` : t`Choose a namespace`} />
          </SelectTrigger>
          <SelectContent>
            {options.map((namespace) => (
              <SelectItem key={namespace.id} value={namespace.id}>
                {namespace.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </ControlledField>
  );
}
