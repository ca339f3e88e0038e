import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@terrace/design-system';
import {
  Badge,
  BreadcrumbTrail,
  DataTable,
  DescriptionList,
  DetailPage,
  EditButton,
  EditLinkButton,
  EmptyState,
  ErrorState,
  LazyConfirmRemoval,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  toast,
  useUrlTab,
} from '@terrace/design-system';
import {
  activeDiscoveryStatuses,
  discoveryQueries,
  discoveryScansQueries,
  useDeleteDiscoveryMutation,
  useRunDiscoveryMutation,
  type StackDiscoveryConfiguration,
  type StackDiscoveryEvent,
} from '@terrace/discovery/data-access';
import { namespacesQueries } from '@terrace/namespaces/data-access';
import { useAccess, useApiClient, type AccessState } from '@terrace/session';
import { Pencil, Play, ScanSearch, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { discoveryStatusLabels, discoveryStatusTones } from './discovery-labels';
import { discoveryModeLabels } from './discovery-mode-labels';
import { discoveryPaths } from './discovery-paths';
import { ProposalsPanel } from './proposals-panel';
import { useRefetchOnScan } from './use-refetch-on-scan';
import { useTablePaging } from './use-table-paging';

const tabs = ['overview', 'proposals', 'events'] as const;
const EVENT_DAYS = 30;
const editAccess = (state: AccessState) => ({ canEdit: state.allowed, readOnlyReason: state.allowed ? '' : state.reason });

/** /stackDiscovery/:stackDiscoveryConfigurationId: the configuration, its status, and its scans (Events tab). */
export function DiscoveryPage() {
  const { t, i18n } = useLingui();
  const { stackDiscoveryConfigurationId: id = '' } = useParams();
  const client = useApiClient();
  const query = useQuery(discoveryQueries.detail(client, id));
  const [tab, setTab] = useUrlTab('tab', useSearchParams(), { defaultTab: 'overview', tabs });
  const edit = editAccess(useAccess('editStackDiscoveryWizard'));
  const del = editAccess(useAccess('stackDiscovery:delete'));
  const run = useRunDiscoveryMutation();
  const remove = useDeleteDiscoveryMutation();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState<StackDiscoveryConfiguration | null>(null);
  return (
    <DetailPage
      query={query}
      errorTitle={t`Stack discovery`}
      breadcrumbs={(data) => <BreadcrumbTrail trail={[<Link key="list" to={discoveryPaths.list()}>{t`Stack discovery`}</Link>]} current={data?.name ?? id} />}
      header={(data) => ({
        title: data.name,
        description: data.description ?? undefined,
        actions: (
          <>
            <EditButton
              access={edit}
              disabled={run.isPending || (data.status !== undefined && activeDiscoveryStatuses.includes(data.status))}
              onClick={() => {
                void run.mutateAsync(data.id).then(() => toast.success(t`Scan started.`));
              }}
            >
              <Play aria-hidden className="rtl:-scale-x-100" />
              {t`Scan now`}
            </EditButton>
            <EditLinkButton access={edit} variant="outline" link={<Link to={discoveryPaths.edit(data.id)} />}>
              <Pencil aria-hidden />
              {t`Edit`}
            </EditLinkButton>
            <EditButton access={del} variant="danger" onClick={() => setDeleting(data)}>
              <Trash2 aria-hidden />
              {t`Delete`}
            </EditButton>
          </>
        ),
      })}
    >
      {(data) => (
        <>
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList aria-label={t`Stack discovery sections`}>
              <TabsTrigger value="overview">{t`Overview`}</TabsTrigger>
              {data.mode === 'propose' && <TabsTrigger value="proposals">{t`Proposed stacks`}</TabsTrigger>}
              <TabsTrigger value="events">{t`Events`}</TabsTrigger>
            </TabsList>
            <TabsContent value="overview">
              <Overview config={data} />
            </TabsContent>
            {data.mode === 'propose' && (
              <TabsContent value="proposals">
                <ProposalsPanel configurationId={data.id} scan={scanOf(data)} access={edit} />
              </TabsContent>
            )}
            <TabsContent value="events">
              <EventsPanel id={data.id} scan={scanOf(data)} />
            </TabsContent>
          </Tabs>
          <LazyConfirmRemoval
            target={deleting}
            onClose={() => setDeleting(null)}
            title={(target) => t`Delete stack discovery ${target.name}?`}
            description={t`Stacks it already created stay; no new ones are discovered. This cannot be undone.`}
            confirmLabel={t`Delete`}
            onConfirm={async (target) => {
              await remove.mutateAsync(target.id);
              toast.success(t`${target.name} deleted.`);
              void navigate(discoveryPaths.list());
            }}
          />
          <span className="sr-only" aria-live="polite">
            {data.status ? i18n._(discoveryStatusLabels[data.status]) : ''}
          </span>
        </>
      )}
    </DetailPage>
  );
}

const engineNames = { terraform: 'Terraform', terragrunt: 'Terragrunt', opentofu: 'OpenTofu' } as const;

function Overview({ config }: { config: StackDiscoveryConfiguration }) {
  const { t, i18n } = useLingui();
  const namespace = useQuery(namespacesQueries.detail(useApiClient(), config.namespaceId));
  return (
    <div className="flex flex-col gap-6">
      <DescriptionList
        rows={[
          [t`Status`, config.status ? <Badge key="s" tone={discoveryStatusTones[config.status]}>{i18n._(discoveryStatusLabels[config.status])}</Badge> : '—'],
          [t`Last scan`, config.lastRunAt ? i18n.date(config.lastRunAt, { dateStyle: 'medium', timeStyle: 'short' }) : t`Never`],
          [t`Namespace`, <Link key="ns" className="text-primary-subtle-foreground hover:underline" to={discoveryPaths.namespace(config.namespaceId)}>{namespace.data?.name ?? config.namespaceId}</Link>],
          [t`Engine of new stacks`, engineNames[config.stackConfig.iacType]],
          [t`When a scan finds a new folder`, i18n._(discoveryModeLabels[config.mode ?? 'create'].label)],
        ]}
      />
      <section className="flex flex-col gap-2" aria-labelledby="patterns-title">
        <h2 id="patterns-title" className="text-base font-semibold">{t`Repositories and paths`}</h2>
        <ul className="flex flex-col gap-3">
          {config.vcsPatterns.map((pattern, index) => (
            <li key={index} className="rounded-md border border-border p-3 text-sm">
              <DescriptionList
                rows={[
                  [t`Repository`, <code key="r" dir="ltr">{pattern.repoName}</code>],
                  [t`Branch`, pattern.branch ? <code key="b" dir="ltr">{pattern.branch}</code> : t`Default branch`],
                  [t`Path patterns`, <code key="p" dir="ltr">{pattern.pathPatterns.join(', ')}</code>],
                  [t`Exclude patterns`, (pattern.excludePathPatterns ?? []).length ? <code key="e" dir="ltr">{(pattern.excludePathPatterns ?? []).join(', ')}</code> : t`None`],
                ]}
              />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** The configuration's latest scan as the page polls it: its panels read their lists again when it changes. */
const scanOf = (config: StackDiscoveryConfiguration) => `${config.status ?? ''} ${config.lastRunAt ?? ''}`;

function EventsPanel({ id, scan }: { id: string; scan: string }) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const { paging, tableProps } = useTablePaging();
  const query = useQuery(discoveryScansQueries.events(client, id, { daysBack: EVENT_DAYS, ...paging }));
  useRefetchOnScan(scan, query.refetch);
  const columns = useMemo<ColumnDef<StackDiscoveryEvent, unknown>[]>(
    () => [
      { id: 'createdAt', header: t`When`, enableSorting: false, cell: ({ row }) => i18n.date(row.original.createdAt, { dateStyle: 'medium', timeStyle: 'short' }) },
      {
        id: 'status',
        header: t`Status`,
        enableSorting: false,
        cell: ({ row }) => <Badge tone={discoveryStatusTones[row.original.status]}>{i18n._(discoveryStatusLabels[row.original.status])}</Badge>,
      },
      {
        id: 'stacks',
        header: t`Stacks`,
        enableSorting: false,
        cell: ({ row }) =>
          (row.original.createdStacks ?? []).length === 0 ? (
            row.original.proposedCount ? (
              <Link className="text-primary-subtle-foreground hover:underline" to={discoveryPaths.details(id, 'proposals')}>
                {t`${row.original.proposedCount} proposed`}
              </Link>
            ) : (
              t`None`
            )
          ) : (
            <ul className="flex flex-col gap-1">
              {(row.original.createdStacks ?? []).map((stack) => (
                <li key={stack.stackId}>
                  <Link className="text-primary-subtle-foreground hover:underline" to={discoveryPaths.stack(stack.stackId)} dir="ltr">
                    {stack.path ?? stack.stackId}
                  </Link>
                </li>
              ))}
            </ul>
          ),
      },
      { id: 'message', header: t`Details`, enableSorting: false, cell: ({ row }) => row.original.message ?? '' },
    ],
    [t, i18n, id],
  );
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return (
    <DataTable
      aria-label={t`Scans of the last ${EVENT_DAYS} days`}
      {...tableProps(query.data?.total ?? 0)}
      columns={columns}
      data={query.data?.items ?? []}
      getRowId={(row) => row.id}
      loading={query.isPending}
      searchable={false}
      empty={<EmptyState icon={<ScanSearch aria-hidden />} title={t`No scans yet`} text={t`Scans run when the discovery is created, on every push, and when you scan now.`} />}
    />
  );
}
