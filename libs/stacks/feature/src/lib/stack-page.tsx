import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  Badge,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbPage,
  Breadcrumbs,
  Button,
  CopyButton,
  DetailPage,
  EditButton,
  EmptyState,
  ErrorState,
  lazyDialog,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  useUrlTab,
} from '@terrace/design-system';
import { ttlCountdownText } from '@terrace/domain';
import { namespacesQueries } from '@terrace/namespaces/data-access';
import { useApiClient } from '@terrace/session';
import { stacksQueries, type Stack } from '@terrace/stacks/data-access';
import { ArrowRightLeft, Copy, GitFork, History, Hourglass, Pencil, Play, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { StackDeletion } from './delete-stack-dialog';
import { effectiveSettings, type SettingKey, type SettingSource } from './effective-settings';
import { iacTypeLabels, settingValueLabels, stackStatus, stackTypeLabels } from './stack-labels';
import { stackPaths } from './stack-paths';
import { useStackAccess } from './use-stack-access';

// The dialogs (Radix dialog, their forms, selects and checks) load when they first open.
const MoveStacksDialog = lazyDialog(
  () => import('./move-stacks-dialog').then((m) => m.MoveStacksDialog),
  (props) => props.stacks.length > 0,
);
const ExtendTtlDialog = lazyDialog(
  () => import('./extend-ttl-dialog').then((m) => m.ExtendTtlDialog),
  (props) => props.stack !== null,
);
const DeleteStackDialog = lazyDialog(
  () => import('./delete-stack-dialog').then((m) => m.DeleteStackDialog),
  (props) => props.target !== null,
);

// The tabs other than the overview load when first shown (the page's Suspense shows a skeleton).
const StackOutputsTab = lazy(() => import('./stack-outputs-tab').then((m) => ({ default: m.StackOutputsTab })));
const StackStateTab = lazy(() => import('./stack-state-tab').then((m) => ({ default: m.StackStateTab })));
const StackResourcesTab = lazy(() => import('./stack-resources-tab').then((m) => ({ default: m.StackResourcesTab })));

/** A tab's content: it gets the stack the page shows. */
export type StackPanel = ComponentType<{ stack: Stack }>;

/**
 * The stack page's tabs, in order: one entry each (its id in the URL, its label, its panel). A
 * domain whose feature the stacks feature cannot import (variables) gives its panel through the
 * app (`stacksPagesWith({ panels })`); a tab without a panel is not shown. A domain with a ui
 * library (runs) may instead be one entry here rendering its panel.
 */
const stackTabs: readonly { id: string; label: MessageDescriptor; Panel: StackPanel | null }[] = [
  { id: 'overview', label: msg`Overview`, Panel: StackOverview },
  { id: 'runs', label: msg`Runs`, Panel: StackRunsPlaceholder },
  { id: 'variables', label: msg`Variables`, Panel: null },
  { id: 'outputs', label: msg`Outputs`, Panel: StackOutputsTab },
  { id: 'state', label: msg`State`, Panel: StackStateTab },
  { id: 'resources', label: msg`Resources`, Panel: StackResourcesTab },
  { id: 'drift', label: msg`Drift`, Panel: null },
  { id: 'dependencies', label: msg`Dependencies`, Panel: StackDependenciesPlaceholder },
  { id: 'settings', label: msg`Settings`, Panel: StackSettings },
  { id: 'activity', label: msg`Activity`, Panel: StackActivity },
];

/** Panels the app gives for tabs by id: a contributed one replaces the page's own (or shows a tab it leaves out). */
export type StackPanels = Partial<Record<string, StackPanel>>;

/**
 * /stack/:stackId with its tabs in the URL (?tab=overview|runs|variables|outputs|state|resources|drift|dependencies|settings|activity);
 * `actions`, given by the app like the panels, adds buttons to the header (the runs domain's Plan, Deploy, Destroy, Run task).
 */
export function StackPage({ panels = {}, actions: Actions }: { panels?: StackPanels; actions?: StackPanel }) {
  const { t, i18n } = useLingui();
  const shown = useMemo(
    () => stackTabs.flatMap(({ id, label, Panel }) => {
      const panel = panels[id] ?? Panel;
      return panel ? [{ id, label, Panel: panel }] : [];
    }),
    [panels],
  );
  const tabs = useMemo(() => shown.map((tab) => tab.id), [shown]);
  const { stackId = '' } = useParams();
  const client = useApiClient();
  const stack = useQuery(stacksQueries.detail(client, stackId));
  const access = useStackAccess();
  const [tab, setTab] = useUrlTab('tab', useSearchParams(), { defaultTab: 'overview', tabs });
  const [deleting, setDeleting] = useState<StackDeletion | null>(null);
  const [moving, setMoving] = useState<Stack[]>([]);
  const [extending, setExtending] = useState<Stack | null>(null);

  return (
    <DetailPage
      query={stack}
      errorTitle={t`Stack`}
      breadcrumbs={(data) => (
        <Breadcrumbs>
          {data && (
            <BreadcrumbItem>
              <BreadcrumbLink asChild>
                <Link to={stackPaths.namespace(data.namespaceId)}>{data.namespaceName ?? data.namespaceId}</Link>
              </BreadcrumbLink>
            </BreadcrumbItem>
          )}
          <BreadcrumbItem>
            <BreadcrumbPage>{data?.name ?? stackId}</BreadcrumbPage>
          </BreadcrumbItem>
        </Breadcrumbs>
      )}
      header={(data) => {
        const status = stackStatus(data);
        return {
          title: data.name,
          description: data.description || undefined,
          actions: (
            <>
              <Badge tone={status.tone}>{i18n._(status.label)}</Badge>
              {Actions && (
                <Suspense fallback={null}>
                  <Actions stack={data} />
                </Suspense>
              )}
              {access.edit.canEdit ? (
                <Button variant="outline" asChild>
                  <Link to={stackPaths.edit(data.id)}>
                    <Pencil aria-hidden />
                    {t`Edit`}
                  </Link>
                </Button>
              ) : (
                <EditButton access={access.edit} variant="outline">
                  <Pencil aria-hidden />
                  {t`Edit`}
                </EditButton>
              )}
              {access.create.canEdit ? (
                <Button variant="outline" asChild>
                  <Link to={stackPaths.clone(data.id)}>
                    <Copy aria-hidden />
                    {t`Clone`}
                  </Link>
                </Button>
              ) : (
                <EditButton access={access.create} variant="outline">
                  <Copy aria-hidden />
                  {t`Clone`}
                </EditButton>
              )}
              <EditButton access={access.edit} variant="outline" onClick={() => setMoving([data])}>
                <ArrowRightLeft aria-hidden />
                {t`Move`}
              </EditButton>
              <EditButton access={access.remove} variant="danger" onClick={() => setDeleting({ stack: data, cleanup: false })}>
                <Trash2 aria-hidden />
                {t`Delete`}
              </EditButton>
            </>
          ),
        };
      }}
    >
      {(data) => (
        <>
          {data.stackType !== 'persistent' && data.stackType !== undefined && (
            <TtlNotice stack={data} canExtend={access.extendTtl.canEdit} onExtend={() => setExtending(data)} />
          )}
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList aria-label={t`Stack sections`}>
              {shown.map(({ id, label }) => (
                <TabsTrigger key={id} value={id}>
                  {i18n._(label)}
                </TabsTrigger>
              ))}
            </TabsList>
            {shown.map(({ id, Panel }) => (
              <TabsContent key={id} value={id}>
                <Suspense fallback={<Skeleton className="h-48 w-full" />}>
                  <Panel stack={data} />
                </Suspense>
              </TabsContent>
            ))}
          </Tabs>
          <MoveStacksDialog stacks={moving} onClose={() => setMoving([])} />
          <ExtendTtlDialog stack={extending} onClose={() => setExtending(null)} />
          <DeleteStackDialog target={deleting} onTargetChange={setDeleting} onClose={() => setDeleting(null)} />
        </>
      )}
    </DetailPage>
  );
}

/** The countdown of an ephemeral stack (automation §4 texts), refreshed every minute, with the extend action. */
function TtlNotice({ stack, canExtend, onExtend }: { stack: Stack; canExtend: boolean; onExtend: () => void }) {
  const { t, i18n } = useLingui();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div role="status" className="mb-4 flex flex-wrap items-center gap-3 rounded-md border border-border bg-warning-subtle p-3 text-sm text-warning-subtle-foreground">
      <Hourglass aria-hidden className="size-4" />
      <span>{stack.expiresAt ? i18n._(ttlCountdownText(new Date(stack.expiresAt), now)) : t`No termination time is set.`}</span>
      {canExtend && (
        <Button size="sm" variant="outline" className="ms-auto" onClick={onExtend}>
          {t`Extend time to live`}
        </Button>
      )}
    </div>
  );
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[14rem_1fr]">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

function StackOverview({ stack }: { stack: Stack }) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const namespace = useQuery(namespacesQueries.detail(client, stack.namespaceId));
  const settings = effectiveSettings(stack, namespace.data);
  const sourceText: Record<SettingSource, string> = {
    stack: t`set on the stack`,
    namespace: t`from namespace`,
    default: t`organization default`,
  };
  const labels: Record<SettingKey, string> = {
    iacVersion: t`${i18n._(iacTypeLabels[stack.iacType])} version`,
    runner: t`Runner`,
    approval: t`Approval policy`,
    deployOnPush: t`Deploy on push`,
    planOnPr: t`Plan on pull request`,
    driftDetection: t`Drift detection`,
  };
  const vcs = stack.data?.vcsInfo;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="stack-about">
        <h2 id="stack-about" className="mb-2 text-base font-semibold">{t`About`}</h2>
        <dl className="divide-y divide-border">
          <Row label={t`Stack id`}>
            <span className="inline-flex items-center gap-1 font-mono">
              {stack.id}
              <CopyButton text={stack.id} label={t`Copy the stack id`} successMessage={t`Stack id copied.`} />
            </span>
          </Row>
          <Row label={t`Engine`}>{i18n._(iacTypeLabels[stack.iacType])}</Row>
          <Row label={t`Type`}>{i18n._(stackTypeLabels[stack.stackType ?? 'persistent'])}</Row>
          <Row label={t`Code`}>
            {vcs ? (
              <span className="font-mono">{[vcs.repoName, vcs.branch, vcs.path].filter(Boolean).join(' · ')}</span>
            ) : (
              t`No repository connected`
            )}
          </Row>
          <Row label={t`Created`}>
            {i18n.date(stack.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
            {stack.createdByName || stack.createdBy ? ` · ${stack.createdByName ?? stack.createdBy}` : ''}
          </Row>
        </dl>
      </section>
      <section aria-labelledby="stack-effective">
        <h2 id="stack-effective" className="mb-2 text-base font-semibold">{t`Effective settings`}</h2>
        {namespace.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : (
          <dl className="divide-y divide-border">
            {(Object.keys(labels) as SettingKey[]).map((key) => {
              const setting = settings[key];
              return (
                <Row key={key} label={labels[key]}>
                  <span className="me-2">
                    {setting.value === undefined
                      ? t`Not set`
                      : settingValueLabels[setting.value]
                        ? i18n._(settingValueLabels[setting.value] as MessageDescriptor)
                        : setting.value}
                  </span>
                  <Badge tone={setting.source === 'stack' ? 'primary' : 'neutral'} size="sm">
                    {sourceText[setting.source]}
                  </Badge>
                  {setting.locked && (
                    <Badge tone="outline" size="sm" className="ms-1">
                      {t`locked by the namespace`}
                    </Badge>
                  )}
                </Row>
              );
            })}
          </dl>
        )}
      </section>
    </div>
  );
}

function StackSettings({ stack }: { stack: Stack }) {
  const { t } = useLingui();
  const data = stack.data ?? {};
  const ttl = data.policy?.ttlConfig?.ttl;
  return (
    <dl className="divide-y divide-border">
      <Row label={t`Deploy on push`}>{data.deploymentBehavior?.deployOnPush ? t`On` : t`Off`}</Row>
      <Row label={t`Wait for approval`}>{data.deploymentBehavior?.waitForApproval ? t`On` : t`Off`}</Row>
      <Row label={t`Var files`}>{data.iacConfig?.varFiles?.join(', ') || t`None`}</Row>
      <Row label={t`Runner groups`}>{data.runnerConfig?.groups?.join(', ') || t`Default`}</Row>
      <Row label={t`Time to live`}>{ttl ? (ttl.type === 'days' ? t`${ttl.value} day(s)` : t`${ttl.value} hour(s)`) : t`None`}</Row>
      <Row label={t`Run trigger patterns`}>{data.runTrigger?.patterns?.join(', ') || t`Default`}</Row>
    </dl>
  );
}

function StackRunsPlaceholder() {
  const { t } = useLingui();
  return <EmptyState icon={<Play aria-hidden />} title={t`No runs yet`} text={t`Runs of this stack (plans, deployments, drift checks) will be listed here.`} />;
}

function StackDependenciesPlaceholder() {
  const { t } = useLingui();
  return <EmptyState icon={<GitFork aria-hidden />} title={t`No dependencies`} text={t`This stack neither depends on other stacks nor feeds them.`} />;
}

function StackActivity({ stack }: { stack: Stack }) {
  const stackId = stack.id;
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const activity = useQuery(stacksQueries.activity(client, stackId));
  if (activity.isPending) return <Skeleton className="h-32 w-full" />;
  if (activity.isError) return <ErrorState error={activity.error} onRetry={() => void activity.refetch()} retrying={activity.isFetching} />;
  if (activity.data.length === 0)
    return <EmptyState icon={<History aria-hidden />} title={t`No activity in the last 30 days`} text={t`Changes to this stack are recorded in the audit log.`} />;
  return (
    <ol className="divide-y divide-border">
      {activity.data.map((event) => (
        <li key={event.id} className="flex flex-wrap gap-2 py-2 text-sm">
          <time dateTime={event.createdAt} className="text-muted-foreground">
            {i18n.date(event.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
          </time>
          <span className="font-medium">{event.action}</span>
          <span>{event.initiator.userName}</span>
        </li>
      ))}
    </ol>
  );
}
