import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@terrace/design-system';
import {
  Badge,
  Button,
  DataTable,
  DisabledReason,
  EmptyState,
  ErrorState,
  PageHeader,
  Stack,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  useUrlListParams,
  useUrlTab,
} from '@terrace/design-system';
import { appPath, useAccess, useApiClient, type AccessState } from '@terrace/session';
import { templatesQueries, type Blueprint, type PageSize, type Template } from '@terrace/templates/data-access';
import { LayoutTemplate, Plus } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { templatePaths } from './template-paths';

const tabs = ['templates', 'blueprints'] as const;

/** Each tab's page in the URL (`templatesPage`, `blueprintsPage`); the name filter (`name`) is shared. */
const listParams = (kind: 'templates' | 'blueprints') => ({ searchParam: 'name', pageParam: `${kind}Page`, pageSizeParam: `${kind}PageSize` });

/**
 * The engines' names (the same messages as engine-labels.ts, which the other templates pages share:
 * here, on the list, they cost no module of their own).
 */
function useEngineNames() {
  const { t } = useLingui();
  return useMemo(() => ({ terraform: t`Terraform`, terragrunt: t`Terragrunt`, opentofu: t`OpenTofu` }), [t]);
}

/** A list's create button, or its disabled twin with the reason. */
function CreateLink({ access, to, children }: { access: AccessState; to: string; children: ReactNode }) {
  if (access.allowed) {
    return (
      <Button asChild>
        <Link to={to}>
          <Plus aria-hidden />
          {children}
        </Link>
      </Button>
    );
  }
  return (
    <DisabledReason reason={access.reason}>
      <Button disabled>
        <Plus aria-hidden />
        {children}
      </Button>
    </DisabledReason>
  );
}

/** /templates: self-service templates (ephemeral stacks) and blueprints (persistent stacks by pull request). */
export function TemplatesPage() {
  const { t } = useLingui();
  const searchParams = useSearchParams();
  const [tab, setTab] = useUrlTab('tab', searchParams, { defaultTab: 'templates', tabs });
  const createTemplate = useAccess('createTemplateWizard');
  const createBlueprint = useAccess('createBlueprintWizard');
  return (
    <Stack gap={6} className="p-6">
      <PageHeader
        title={t`Self-Service Templates`}
        description={t`Templates create ephemeral stacks that are destroyed when their time to live ends; blueprints create persistent stacks through a pull request.`}
        actions={
          <Button variant="outline" asChild>
            <Link to={appPath('stackDiscoveries')}>{t`Stack discovery`}</Link>
          </Button>
        }
      />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label={t`Kinds of templates`}>
          <TabsTrigger value="templates">{t`Templates`}</TabsTrigger>
          <TabsTrigger value="blueprints">{t`Blueprints`}</TabsTrigger>
        </TabsList>
        <TabsContent value="templates">
          <TemplateList create={<CreateLink access={createTemplate} to={templatePaths.createTemplate()}>{t`Create template`}</CreateLink>} />
        </TabsContent>
        <TabsContent value="blueprints">
          <BlueprintList create={<CreateLink access={createBlueprint} to={templatePaths.createBlueprint()}>{t`Create blueprint`}</CreateLink>} />
        </TabsContent>
      </Tabs>
    </Stack>
  );
}

function TemplateList({ create }: { create: ReactNode }) {
  const { t } = useLingui();
  const engineNames = useEngineNames();
  const client = useApiClient();
  const list = useUrlListParams(useSearchParams(), listParams('templates'));
  const { search: name, page, pageSize } = list.params;
  const query = useQuery(templatesQueries.templates(client, { ...(name ? { name } : {}), page, pageSize: pageSize as PageSize }));
  const columns = useMemo<ColumnDef<Template, unknown>[]>(
    () => [
      {
        id: 'name',
        accessorKey: 'name',
        header: t`Name`,
        // The server orders by name.
        enableSorting: false,
        cell: ({ row }) => (
          <Link className="font-medium text-primary-subtle-foreground hover:underline" to={templatePaths.details(row.original.id)}>
            {row.original.name}
          </Link>
        ),
      },
      { id: 'engine', header: t`Engine`, enableSorting: false, cell: ({ row }) => engineNames[row.original.iacType] },
      { id: 'repository', header: t`Repository`, enableSorting: false, cell: ({ row }) => <code dir="ltr">{row.original.vcsInfo.repoName}</code> },
      {
        id: 'ttl',
        header: t`Maximum time to live`,
        enableSorting: false,
        cell: ({ row }) => {
          const max = row.original.policy?.ttlConfig?.maxTtl;
          if (!max) return '—';
          return max.type === 'days' ? t`${max.value} day(s)` : t`${max.value} hour(s)`;
        },
      },
      { id: 'managed', header: t`Managed`, enableSorting: false, cell: ({ row }) => (row.original.isManaged ? <Badge>{t`Managed`}</Badge> : null) },
    ],
    [t, engineNames],
  );
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (query.isSuccess && query.data.total === 0 && !name) {
    return (
      <EmptyState
        icon={<LayoutTemplate aria-hidden />}
        title={t`No templates yet`}
        text={t`A template lets teams create short-lived stacks from reviewed code, destroyed when their time to live ends.`}
        action={create}
      />
    );
  }
  return (
    <DataTable
      aria-label={t`Templates`}
      mode="server"
      columns={columns}
      data={query.data?.items ?? []}
      getRowId={(row) => row.id}
      loading={query.isPending}
      {...list.tableProps(query.data?.total ?? 0)}
      actions={create}
      empty={
        <EmptyState
          title={t`No template matches “${name}”`}
          text={t`Check the spelling, or clear the filter to see every template.`}
          action={
            <Button variant="outline" onClick={list.clearSearch}>
              {t`Clear filter`}
            </Button>
          }
        />
      }
    />
  );
}

function BlueprintList({ create }: { create: ReactNode }) {
  const { t } = useLingui();
  const engineNames = useEngineNames();
  const client = useApiClient();
  const list = useUrlListParams(useSearchParams(), listParams('blueprints'));
  const { search: name, page, pageSize } = list.params;
  const query = useQuery(templatesQueries.blueprints(client, { ...(name ? { name } : {}), page, pageSize: pageSize as PageSize }));
  const columns = useMemo<ColumnDef<Blueprint, unknown>[]>(
    () => [
      {
        id: 'name',
        accessorKey: 'name',
        header: t`Name`,
        // The server orders by name.
        enableSorting: false,
        cell: ({ row }) => (
          <Link className="font-medium text-primary-subtle-foreground hover:underline" to={templatePaths.details(row.original.id)}>
            {row.original.name}
          </Link>
        ),
      },
      { id: 'pattern', header: t`Stack name pattern`, enableSorting: false, cell: ({ row }) => <code dir="ltr">{row.original.stackConfiguration.name}</code> },
      { id: 'engine', header: t`Engine`, enableSorting: false, cell: ({ row }) => engineNames[row.original.stackConfiguration.iacType] },
      {
        id: 'parameters',
        header: t`Parameters`,
        enableSorting: false,
        cell: ({ row }) => (row.original.substituteParameters ?? []).map((parameter) => parameter.key).join(', ') || '—',
      },
    ],
    [t, engineNames],
  );
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (query.isSuccess && query.data.total === 0 && !name) {
    return (
      <EmptyState
        icon={<LayoutTemplate aria-hidden />}
        title={t`No blueprints yet`}
        text={t`A blueprint creates persistent stacks by opening a pull request with its code, filled in with the parameters the user gives.`}
        action={create}
      />
    );
  }
  return (
    <DataTable
      aria-label={t`Blueprints`}
      mode="server"
      columns={columns}
      data={query.data?.items ?? []}
      getRowId={(row) => row.id}
      loading={query.isPending}
      {...list.tableProps(query.data?.total ?? 0)}
      actions={create}
      empty={
        <EmptyState
          title={t`No blueprint matches “${name}”`}
          text={t`Check the spelling, or clear the filter to see every blueprint.`}
          action={
            <Button variant="outline" onClick={list.clearSearch}>
              {t`Clear filter`}
            </Button>
          }
        />
      }
    />
  );
}
