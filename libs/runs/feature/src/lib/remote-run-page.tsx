import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { BreadcrumbItem, BreadcrumbLink, BreadcrumbPage, Breadcrumbs, DetailPage, StatusBadge } from '@terrace/design-system';
import { runPaths, runsQueries } from '@terrace/runs/data-access';
import { PlanSummary, ResourceChangesTable, initiatorTypeLabels } from '@terrace/runs/ui';
import { useApiClient } from '@terrace/session';
import { Link, useParams } from 'react-router';

/**
 * /remoteRun/:runId: a plan or apply run from the command line against the stack (the remote
 * backend), as the server recorded it: status, who ran it, and what its plan changes. Its output
 * stayed in the user's terminal.
 */
export function RemoteRunPage() {
  const { t, i18n } = useLingui();
  const { runId = '' } = useParams();
  const client = useApiClient();
  const run = useQuery(runsQueries.remoteRun(client, runId));
  const titles = { plan: t`Remote plan`, apply: t`Remote apply` };
  return (
    <DetailPage
      query={run}
      errorTitle={t`Remote run`}
      breadcrumbs={(data) => (
        <Breadcrumbs>
          {data && (
            <BreadcrumbItem>
              <BreadcrumbLink asChild>
                <Link to={runPaths.stack(data.stackId)}>{t`Stack`}</Link>
              </BreadcrumbLink>
            </BreadcrumbItem>
          )}
          <BreadcrumbItem>
            <BreadcrumbPage>{data ? titles[data.operation] : t`Remote run`}</BreadcrumbPage>
          </BreadcrumbItem>
        </Breadcrumbs>
      )}
      header={(data) => ({
        title: titles[data.operation],
        description: <span dir="ltr">{data.id}</span>,
        actions: <StatusBadge status={data.status} />,
      })}
    >
      {(data) => {
        const initiator = data.initiator;
        const type = initiator ? initiatorTypeLabels[initiator.userType] : undefined;
        const who = initiator?.userName ?? initiator?.username ?? (type ? i18n._(type) : t`Unknown`);
        const when = i18n.date(data.createdAt, { dateStyle: 'medium', timeStyle: 'medium' });
        return (
          <>
            <p className="text-sm text-muted-foreground">{t`Started by ${who} on ${when} from the command line. Its output is in the terminal that ran it.`}</p>
            <section aria-labelledby="remote-plan" className="flex flex-col gap-3">
              <h2 id="remote-plan" className="text-base font-semibold">{t`Plan`}</h2>
              <PlanSummary summary={data.planSummary} />
              <ResourceChangesTable summary={data.planSummary} />
            </section>
          </>
        );
      }}
    </DetailPage>
  );
}
