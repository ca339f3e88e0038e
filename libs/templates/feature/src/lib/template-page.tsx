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
import { EPHEMERAL_TEMPLATE_EVENTS_DAYS } from '@terrace/domain';
import { useApiClient } from '@terrace/session';
import {
  templateKindOf,
  templatesQueries,
  templateStacksQueries,
  useDeleteTemplateMutation,
  type Blueprint,
  type EphemeralStackEvent,
  type PageSize,
  type Template,
  type TemplateKind,
} from '@terrace/templates/data-access';
import { CalendarClock, Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { NamespaceMappingsPanel } from './namespace-mappings-panel';
import { engineLabels } from './engine-labels';
import { conditionOperatorLabels, eventTypeLabels, failedEventTypes } from './template-labels';
import { templatePaths } from './template-paths';
import { useTemplateAccess } from './use-template-access';

const tabs = ['overview', 'namespaces', 'events'] as const;
type Definition = { kind: 'template'; data: Template } | { kind: 'blueprint'; data: Blueprint };

/** /template/:id: a template (tmpl-…) or a blueprint (blp-…), with its namespaces and the events of its stacks. */
export function TemplatePage() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const kind = templateKindOf(id);
  const client = useApiClient();
  const template = useQuery({ ...templatesQueries.template(client, id), enabled: kind === 'template' });
  const blueprint = useQuery({ ...templatesQueries.blueprint(client, id), enabled: kind === 'blueprint' });
  const source = kind === 'template' ? template : blueprint;
  const query = {
    ...source,
    data: source.data ? ({ kind, data: source.data } as Definition) : undefined,
  };
  const [tab, setTab] = useUrlTab('tab', useSearchParams(), { defaultTab: 'overview', tabs });
  const access = useTemplateAccess();
  const remove = useDeleteTemplateMutation();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState<Definition | null>(null);
  const edit = kind === 'template' ? access.editTemplate : access.editBlueprint;
  const del = kind === 'template' ? access.deleteTemplate : access.deleteBlueprint;
  const createStack = kind === 'template' ? access.stackFromTemplate : access.stackFromBlueprint;

  return (
    <DetailPage
      query={query}
      errorTitle={kind === 'template' ? t`Template` : t`Blueprint`}
      breadcrumbs={(definition) => (
        <BreadcrumbTrail
          trail={[<Link key="list" to={templatePaths.list(kind === 'template' ? 'templates' : 'blueprints')}>{t`Self-Service Templates`}</Link>]}
          current={definition?.data.name ?? id}
        />
      )}
      header={(definition) => ({
        title: definition.data.name,
        description: definition.data.description ?? undefined,
        actions: (
          <>
            <EditLinkButton access={createStack} link={<Link to={kind === 'template' ? templatePaths.stackFromTemplate(id) : templatePaths.stackFromBlueprint(id)} />}>
              <Plus aria-hidden />
              {t`Create stack`}
            </EditLinkButton>
            <EditLinkButton access={edit} variant="outline" link={<Link to={kind === 'template' ? templatePaths.editTemplate(id) : templatePaths.editBlueprint(id)} />}>
              <Pencil aria-hidden />
              {t`Edit`}
            </EditLinkButton>
            <EditButton access={del} variant="danger" onClick={() => setDeleting(definition)}>
              <Trash2 aria-hidden />
              {t`Delete`}
            </EditButton>
          </>
        ),
      })}
    >
      {(definition) => (
        <>
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList aria-label={t`Template sections`}>
              <TabsTrigger value="overview">{t`Overview`}</TabsTrigger>
              <TabsTrigger value="namespaces">{t`Namespaces`}</TabsTrigger>
              <TabsTrigger value="events">{t`Events`}</TabsTrigger>
            </TabsList>
            <TabsContent value="overview">
              {definition.kind === 'template' ? <TemplateOverview template={definition.data} /> : <BlueprintOverview blueprint={definition.data} />}
            </TabsContent>
            <TabsContent value="namespaces">
              <NamespaceMappingsPanel kind={kind} id={id} access={edit} />
            </TabsContent>
            <TabsContent value="events">
              <EventsPanel kind={kind} id={id} />
            </TabsContent>
          </Tabs>
          <LazyConfirmRemoval
            target={deleting}
            onClose={() => setDeleting(null)}
            title={(target) => (target.kind === 'template' ? t`Delete template ${target.data.name}?` : t`Delete blueprint ${target.data.name}?`)}
            description={t`Stacks already created from it stay; no new stack can be created from it. This cannot be undone.`}
            confirmLabel={t`Delete`}
            onConfirm={async (target) => {
              await remove.mutateAsync({ kind: target.kind, id: target.data.id });
              toast.success(t`${target.data.name} deleted.`);
              void navigate(templatePaths.list(target.kind === 'template' ? 'templates' : 'blueprints'));
            }}
          />
        </>
      )}
    </DetailPage>
  );
}

function Code({ children }: { children: ReactNode }) {
  return (
    <code dir="ltr" className="rounded bg-muted px-1">
      {children}
    </code>
  );
}

function useTtlText() {
  const { t } = useLingui();
  return (ttl: { type: 'hours' | 'days'; value: number } | undefined) =>
    !ttl ? t`None` : ttl.type === 'days' ? t`${ttl.value} day(s)` : t`${ttl.value} hour(s)`;
}

function TemplateOverview({ template }: { template: Template }) {
  const { t, i18n } = useLingui();
  const ttlText = useTtlText();
  const ttl = template.policy?.ttlConfig;
  const iac = template.iacConfig ?? {};
  const version = iac.terraformVersion ?? iac.opentofuVersion ?? iac.terragruntVersion;
  return (
    <DescriptionList
      rows={[
        [t`Engine`, `${i18n._(engineLabels[template.iacType])}${version ? ` ${version}` : ''}`],
        [t`Repository`, <Code key="repo">{template.vcsInfo.repoName}</Code>],
        [t`Branch`, template.vcsInfo.branch ? <Code key="branch">{template.vcsInfo.branch}</Code> : t`Default branch`],
        [t`Path`, <Code key="path">{template.vcsInfo.path || '/'}</Code>],
        [t`Var files`, (iac.varFiles ?? []).join(', ') || t`None`],
        [t`Runners`, template.runnerConfig?.mode === 'selfHosted' ? t`Self-hosted: ${(template.runnerConfig.groups ?? []).join(', ')}` : t`Managed`],
        [t`Default time to live`, ttlText(ttl?.defaultTtl)],
        [t`Maximum time to live`, ttlText(ttl?.maxTtl)],
        [t`Skip state refresh on destroy`, template.skipStateRefreshOnDestroy ? t`Yes` : t`No`],
      ]}
    />
  );
}

function BlueprintOverview({ blueprint }: { blueprint: Blueprint }) {
  const { t, i18n } = useLingui();
  const config = blueprint.stackConfiguration;
  return (
    <div className="flex flex-col gap-6">
      <DescriptionList
        rows={[
          [t`Code`, <Code key="code">{`${blueprint.vcsInfo.repoName}/${blueprint.vcsInfo.path ?? ''}`}</Code>],
          [t`Stack name pattern`, <Code key="name">{config.name}</Code>],
          [t`Engine`, i18n._(engineLabels[config.iacType])],
          [t`Pull request to`, config.vcsInfo ? <Code key="pr">{`${config.vcsInfo.repoName}/${config.vcsInfo.path ?? ''}`}</Code> : '—'],
          [t`Skip plan on initialization`, blueprint.skipPlanOnStackInitialization ? t`Yes` : t`No`],
          [t`Approve the first apply automatically`, blueprint.autoApproveApplyOnInitialization ? t`Yes` : t`No`],
        ]}
      />
      <section aria-label={t`Substitute parameters`} className="flex flex-col gap-2">
        <h2 className="text-base font-semibold">{t`Substitute parameters`}</h2>
        {(blueprint.substituteParameters ?? []).length === 0 ? (
          <p className="text-sm text-muted-foreground">{t`This blueprint has no parameters.`}</p>
        ) : (
          <ul className="flex flex-col gap-2 text-sm">
            {(blueprint.substituteParameters ?? []).map((parameter) => (
              <li key={parameter.key} className="flex flex-wrap items-center gap-2">
                <Code>{`{${parameter.key}}`}</Code>
                {parameter.description && <span className="text-muted-foreground">{parameter.description}</span>}
                {(parameter.valueConditions ?? []).map((condition, index) => (
                  <Badge key={index}>
                    {i18n._(conditionOperatorLabels[condition.operator] ?? { id: condition.operator })}
                    {condition.value !== undefined ? ` ${Array.isArray(condition.value) ? condition.value.join(', ') : String(condition.value)}` : ''}
                  </Badge>
                ))}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The events of the stacks made from it, for the last 7 days (§9), paged on the server. */
function EventsPanel({ kind, id }: { kind: TemplateKind; id: string }) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const [paging, setPaging] = useState<{ page: number; pageSize: PageSize }>({ page: 1, pageSize: 20 });
  const filters = { daysBack: EPHEMERAL_TEMPLATE_EVENTS_DAYS, ...paging };
  const query = useQuery(kind === 'template' ? templateStacksQueries.templateEvents(client, id, filters) : templateStacksQueries.blueprintEvents(client, id, filters));
  const columns = useMemo<ColumnDef<EphemeralStackEvent, unknown>[]>(
    () => [
      { id: 'createdAt', header: t`When`, enableSorting: false, cell: ({ row }) => i18n.date(row.original.createdAt, { dateStyle: 'medium', timeStyle: 'short' }) },
      {
        id: 'type',
        header: t`Event`,
        enableSorting: false,
        cell: ({ row }) => (
          <Badge tone={failedEventTypes.includes(row.original.type) ? 'danger' : 'neutral'}>{i18n._(eventTypeLabels[row.original.type])}</Badge>
        ),
      },
      {
        id: 'stack',
        header: t`Stack`,
        enableSorting: false,
        cell: ({ row }) => (
          <Link className="text-primary-subtle-foreground hover:underline" to={templatePaths.stack(row.original.stackId)}>
            {row.original.stackName ?? row.original.stackId}
          </Link>
        ),
      },
      { id: 'message', header: t`Details`, enableSorting: false, cell: ({ row }) => row.original.message ?? '' },
    ],
    [t, i18n],
  );
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return (
    <DataTable
      aria-label={t`Events of the last ${EPHEMERAL_TEMPLATE_EVENTS_DAYS} days`}
      mode="server"
      columns={columns}
      data={query.data?.items ?? []}
      getRowId={(row) => row.id}
      totalCount={query.data?.total ?? 0}
      loading={query.isPending}
      searchable={false}
      pagination={{ pageIndex: paging.page - 1, pageSize: paging.pageSize }}
      onPaginationChange={(next) =>
        setPaging({ page: next.pageSize !== paging.pageSize ? 1 : next.pageIndex + 1, pageSize: next.pageSize as PageSize })
      }
      empty={
        <EmptyState
          icon={<CalendarClock aria-hidden />}
          title={t`No events in the last ${EPHEMERAL_TEMPLATE_EVENTS_DAYS} days`}
          text={t`Creating, destroying and the resources of its stacks show here.`}
        />
      }
    />
  );
}
