import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbPage,
  Breadcrumbs,
  DetailPage,
  Skeleton,
  StatusBadge,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  useUrlTab,
} from '@terrace/design-system';
import { runPaths, runsQueries, stepsOf, useRunEvents, type Deployment, type RunDetail, type RunDetailKind, type RunStateV2 } from '@terrace/runs/data-access';
import { LogPanel, PlanSummary, ResourceChangesTable, RunErrorSummary, StepTimeline } from '@terrace/runs/ui';
import { useApiClient } from '@terrace/session';
import { lazy, Suspense } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { RunActions } from './run-actions';
import { RunApprovals, RunOverview, RunWaiting } from './run-details';
import { runTitle } from './run-titles';
import { useRunAccess } from './use-run-access';

const tabs = ['steps', 'changes', 'policies', 'comments'] as const;

// The control policies and comments tabs (the policies' results panel, the comment form) load when first shown.
const RunPolicyResults = lazy(() => import('./run-policy-results').then((m) => ({ default: m.RunPolicyResults })));
const RunComments = lazy(() => import('./run-comments').then((m) => ({ default: m.RunComments })));

/**
 * A plan, deployment (or destroy) or task: its header with the actions its status allows, why it
 * waits, its approvals, its error, its steps with their results, its live log, the resources its
 * plan changes, and its comments. Status and steps move live through the run's event stream.
 */
export function RunPage({ kind, id }: { kind: RunDetailKind; id: string }) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const run = useQuery(runsQueries.detail(client, kind, id));
  const state = useQuery(runsQueries.state(client, kind, id));
  const events = useRunEvents(kind, id);
  const access = useRunAccess(kind, run.data?.namespaceId);
  const [tab, setTab] = useUrlTab('tab', useSearchParams(), { defaultTab: 'steps', tabs: kind === 'task' ? tabs.filter((x) => x !== 'changes' && x !== 'policies') : tabs });

  return (
    <DetailPage
      query={run}
      errorTitle={runTitle(i18n, kind, undefined)}
      breadcrumbs={(data) => (
        <Breadcrumbs>
          {data && (
            <BreadcrumbItem>
              <BreadcrumbLink asChild>
                <Link to={runPaths.stackRuns(data.stackId)}>{data.stackName ?? data.stackId}</Link>
              </BreadcrumbLink>
            </BreadcrumbItem>
          )}
          <BreadcrumbItem>
            <BreadcrumbPage>{runTitle(i18n, kind, data)}</BreadcrumbPage>
          </BreadcrumbItem>
        </Breadcrumbs>
      )}
      header={(data) => ({
        title: runTitle(i18n, kind, data),
        description: <span dir="ltr">{data.id}</span>,
        actions: (
          <>
            <StatusBadge status={data.status} aria-live="polite" />
            <RunActions kind={kind} run={data} access={access} />
          </>
        ),
      })}
    >
      {(data) => {
        const steps = state.data?.steps ?? stepsOf(data);
        const summary = planSummaryOf(data, state.data);
        const title = runTitle(i18n, kind, data);
        return (
          <>
            <RunWaiting run={data} />
            <RunErrorSummary errorSummary={data.errorSummary ?? state.data?.results?.errorSummary} steps={steps} />
            <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
              <section aria-labelledby="run-about">
                <h2 id="run-about" className="mb-2 text-base font-semibold">{t`About this run`}</h2>
                <RunOverview run={data} />
              </section>
              <div className="flex flex-col gap-4">
                {kind !== 'task' && (
                  <section aria-labelledby="run-plan" className="flex flex-col gap-2 rounded-lg border border-border p-4">
                    <h2 id="run-plan" className="text-base font-semibold">{t`Plan`}</h2>
                    <PlanSummary summary={summary} />
                  </section>
                )}
                {kind === 'deployment' && <RunApprovals run={data as Deployment} />}
              </div>
            </div>
            <Tabs value={tab} onValueChange={setTab}>
              <TabsList aria-label={t`Run sections`}>
                <TabsTrigger value="steps">{t`Steps and log`}</TabsTrigger>
                {kind !== 'task' && <TabsTrigger value="changes">{t`Resource changes`}</TabsTrigger>}
                {kind !== 'task' && <TabsTrigger value="policies">{t`Control policies`}</TabsTrigger>}
                <TabsTrigger value="comments">{t`Comments`}</TabsTrigger>
              </TabsList>
              <TabsContent value="steps" className="flex flex-col gap-6">
                <section aria-labelledby="run-steps">
                  <h2 id="run-steps" className="mb-2 text-base font-semibold">{t`Steps`}</h2>
                  {state.isPending && steps.length === 0 ? <Skeleton className="h-40 w-full" /> : <StepTimeline steps={steps} results={state.data?.results} />}
                </section>
                <section aria-labelledby="run-log">
                  <h2 id="run-log" className="mb-2 text-base font-semibold">{t`Log`}</h2>
                  <LogPanel lines={events.lines} status={events.status} label={t`Log of ${title}`} />
                </section>
              </TabsContent>
              {kind !== 'task' && (
                <TabsContent value="changes">
                  <ResourceChangesTable summary={summary} />
                </TabsContent>
              )}
              {kind !== 'task' && (
                <TabsContent value="policies">
                  <Suspense fallback={<Skeleton className="h-40 w-full" />}>
                    <RunPolicyResults kind={kind} run={data} access={access} results={state.data?.results?.controlPoliciesResult?.controlPoliciesRunResult} />
                  </Suspense>
                </TabsContent>
              )}
              <TabsContent value="comments">
                <Suspense fallback={<Skeleton className="h-40 w-full" />}>
                  <RunComments kind={kind} runId={data.id} access={access.comment} />
                </Suspense>
              </TabsContent>
            </Tabs>
          </>
        );
      }}
    </DetailPage>
  );
}

/** A plan keeps its summary on itself; a deployment's is its plan step's result. */
function planSummaryOf(run: RunDetail, state: RunStateV2 | undefined) {
  if ('planSummary' in run && run.planSummary) return run.planSummary;
  return state?.results?.terraformPlanResult?.summary;
}

/** /plan/:planId */
export function PlanRoute() {
  const { planId = '' } = useParams();
  return <RunPage key={planId} kind="plan" id={planId} />;
}

/** /deployment/:deploymentId (deployments and destroys) */
export function DeploymentRoute() {
  const { deploymentId = '' } = useParams();
  return <RunPage key={deploymentId} kind="deployment" id={deploymentId} />;
}

/** /task/:taskId */
export function TaskRoute() {
  const { taskId = '' } = useParams();
  return <RunPage key={taskId} kind="task" id={taskId} />;
}
