import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  EditButton,
  EmptyState,
  ErrorState,
  OptionSelect,
  Skeleton,
  Stack,
  toast,
  type EditAccess,
} from '@terrace/design-system';
import { namespacesQueries } from '@terrace/namespaces/data-access';
import { useApiClient } from '@terrace/session';
import {
  templateNamespacesQueries,
  useNamespaceMappingMutation,
  type TemplateKind,
} from '@terrace/templates/data-access';
import { FolderTree, Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { templatePaths } from './template-paths';

/** The namespaces whose users may create stacks from a template or blueprint. */
export function NamespaceMappingsPanel({ kind, id, access }: { kind: TemplateKind; id: string; access: EditAccess }) {
  const { t } = useLingui();
  const client = useApiClient();
  const labelId = useId();
  const mappings = useQuery(kind === 'template' ? templateNamespacesQueries.templateMappings(client, id) : templateNamespacesQueries.blueprintMappings(client, id));
  // The organization's namespaces, for their names and the picker (at most the largest page size).
  const namespaces = useQuery(namespacesQueries.list(client, { page: 1, pageSize: 1000 }));
  const mapping = useNamespaceMappingMutation();
  const [choice, setChoice] = useState('');
  if (mappings.isError) return <ErrorState error={mappings.error} onRetry={() => void mappings.refetch()} retrying={mappings.isFetching} />;
  if (mappings.isPending) return <Skeleton className="h-24 w-full" />;
  const names = new Map((namespaces.data?.items ?? []).map((namespace) => [namespace.id, namespace.name]));
  const available = (namespaces.data?.items ?? []).filter((namespace) => !mappings.data.includes(namespace.id));
  const change = async (namespaceId: string, mapped: boolean) => {
    await mapping.mutateAsync({ kind, id, namespaceId, mapped });
    const name = names.get(namespaceId) ?? namespaceId;
    toast.success(mapped ? t`Available in ${name}.` : t`No longer available in ${name}.`);
  };
  return (
    <Stack gap={4} className="max-w-2xl">
      <p className="text-sm text-muted-foreground">{t`Users of these namespaces can create stacks from it.`}</p>
      <div className="flex items-end gap-2">
        <div className="flex flex-1 flex-col gap-1.5">
          <span id={labelId} className="text-sm font-medium">
            {t`Namespace`}
          </span>
          <OptionSelect
            aria-labelledby={labelId}
            value={choice}
            onValueChange={setChoice}
            disabled={!access.canEdit}
            placeholder={t`Choose a namespace`}
            options={available.map((namespace) => ({ value: namespace.id, label: namespace.name }))}
          />
        </div>
        <EditButton
          access={access}
          disabled={!choice || mapping.isPending}
          onClick={() => {
            void change(choice, true).then(() => setChoice(''));
          }}
        >
          <Plus aria-hidden />
          {t`Add namespace`}
        </EditButton>
      </div>
      {mappings.data.length === 0 ? (
        <EmptyState icon={<FolderTree aria-hidden />} title={t`Not available in any namespace`} text={t`Add a namespace so its users can create stacks from it.`} />
      ) : (
        <ul className="divide-y divide-border rounded-md border border-border" aria-label={t`Namespaces`}>
          {mappings.data.map((namespaceId) => {
            const name = names.get(namespaceId) ?? namespaceId;
            return (
              <li key={namespaceId} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
                <Link className="text-primary-subtle-foreground hover:underline" to={templatePaths.namespace(namespaceId)}>
                  {name}
                </Link>
                <EditButton access={access} row aria-label={t`Remove ${name}`} disabled={mapping.isPending} onClick={() => void change(namespaceId, false)}>
                  <X aria-hidden />
                </EditButton>
              </li>
            );
          })}
        </ul>
      )}
    </Stack>
  );
}
