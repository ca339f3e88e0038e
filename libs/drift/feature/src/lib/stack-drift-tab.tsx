import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
  Badge,
  EmptyState,
  ErrorState,
  Skeleton,
  Stack as Column,
} from '@terrace/design-system';
import { driftQueries, type DriftDetail } from '@terrace/drift/data-access';
import { useApiClient } from '@terrace/session';
import { CircleCheck, Radar } from 'lucide-react';
import { DriftDetectionButton } from './drift-detection-button';
import { deployRequiredKindLabels, driftKindLabels, driftKindTones } from './drift-kind-labels';
import { driftStateLabels, driftStateOf, driftStateTones } from './drift-labels';
import { RemediateDriftButton } from './remediate-drift-button';

export interface StackDriftTabProps {
  /** The stack the page shows. */
  stack: { id: string; name: string; namespaceId: string; driftState?: string };
}

/**
 * The stack page's drift tab: the stack's drift state, drift detection on demand, remediation, and
 * per resource the drift kind, the attributes that differ (state against cloud) and the cloud
 * event that caused it where known.
 */
export function StackDriftTab({ stack }: StackDriftTabProps) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const drifts = useQuery(driftQueries.details(client, stack.id));
  const state = driftStateOf(stack.driftState);

  return (
    <Column gap={4}>
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-sm text-muted-foreground">{t`Drift state`}</span>
        <Badge tone={driftStateTones[state]}>{i18n._(driftStateLabels[state])}</Badge>
        <div className="ms-auto flex flex-wrap items-center gap-2">
          <DriftDetectionButton stack={stack} />
          <RemediateDriftButton
            stack={stack}
            resourceAddresses={drifts.data
              ?.filter((d) => d.driftKind !== 'deployRequired')
              .map((d) => d.resourceAddress)}
          />
        </div>
      </div>
      {drifts.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : drifts.isError ? (
        <ErrorState
          error={drifts.error}
          onRetry={() => void drifts.refetch()}
          retrying={drifts.isFetching}
        />
      ) : drifts.data.length === 0 ? (
        state === 'notChecked' ? (
          <EmptyState
            icon={<Radar aria-hidden />}
            title={t`Drift not checked yet`}
            text={t`Drift detection compares the cloud with the stack's state. Run it now or wait for the stack's schedule.`}
          />
        ) : (
          <EmptyState
            icon={<CircleCheck aria-hidden />}
            title={t`No drift found`}
            text={t`The cloud matches the stack's state.`}
          />
        )
      ) : (
        <section aria-label={t`Drifted resources`}>
          <Accordion type="multiple">
            {drifts.data.map((drift) => (
              <DriftItem key={drift.stackResourceDriftId ?? drift.resourceAddress} drift={drift} />
            ))}
          </Accordion>
        </section>
      )}
    </Column>
  );
}

function DriftItem({ drift }: { drift: DriftDetail }) {
  const { t, i18n } = useLingui();
  const value = (v: unknown) =>
    v === undefined || v === null ? t`(not set)` : typeof v === 'string' ? v : JSON.stringify(v);
  const event = drift.driftSource?.sources?.cloudTrail;
  const eventName = event?.eventName;
  const who = event?.userIdentity;
  const when = event?.eventTime
    ? i18n.date(event.eventTime, { dateStyle: 'medium', timeStyle: 'short' })
    : undefined;
  const attributes = drift.attributes ?? [];
  return (
    <AccordionItem value={drift.stackResourceDriftId ?? drift.resourceAddress}>
      <AccordionTrigger className="px-4">
        <span className="flex flex-wrap items-center gap-2 text-start">
          <span className="font-mono text-sm">{drift.resourceAddress}</span>
          <Badge tone={driftKindTones[drift.driftKind]}>
            {i18n._(driftKindLabels[drift.driftKind])}
          </Badge>
          {drift.driftKind === 'deployRequired' && drift.deployRequiredKind && (
            <Badge tone="outline">
              {i18n._(deployRequiredKindLabels[drift.deployRequiredKind])}
            </Badge>
          )}
        </span>
      </AccordionTrigger>
      <AccordionContent className="px-4">
        <Column gap={3}>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
            {drift.resourceType && (
              <>
                <dt className="text-muted-foreground">{t`Resource type`}</dt>
                <dd className="font-mono">{drift.resourceType}</dd>
              </>
            )}
            {drift.logicalResourceId && (
              <>
                <dt className="text-muted-foreground">{t`Cloud id`}</dt>
                <dd className="font-mono break-all">{drift.logicalResourceId}</dd>
              </>
            )}
            <dt className="text-muted-foreground">{t`Caused by`}</dt>
            <dd>
              {eventName ? (
                <>
                  <span className="font-mono">{eventName}</span>
                  {who && <> · {t`by ${who}`}</>}
                  {when && <> · {when}</>}
                </>
              ) : (
                t`No cloud event found for this change.`
              )}
            </dd>
          </dl>
          {drift.driftKind === 'deleted' ? (
            <p className="text-sm">{t`The resource is in the state but no longer in the cloud.`}</p>
          ) : attributes.length > 0 ? (
            <div className="relative overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="sr-only">{t`Attributes that differ on ${drift.resourceAddress}`}</caption>
                <thead>
                  <tr className="border-b border-border text-start text-muted-foreground">
                    <th scope="col" className="py-1 pe-4 text-start font-medium">{t`Attribute`}</th>
                    <th
                      scope="col"
                      className="py-1 pe-4 text-start font-medium"
                    >{t`In the state`}</th>
                    <th scope="col" className="py-1 text-start font-medium">{t`In the cloud`}</th>
                  </tr>
                </thead>
                <tbody>
                  {attributes.map((attribute) => (
                    <tr
                      key={attribute.path}
                      className="border-b border-border last:border-b-0 align-top"
                    >
                      <th scope="row" className="py-1 pe-4 text-start font-mono font-normal">
                        {attribute.path}
                      </th>
                      <td className="py-1 pe-4 font-mono break-all text-danger-subtle-foreground">
                        <del className="no-underline">{value(attribute.expected)}</del>
                      </td>
                      <td className="py-1 font-mono break-all text-success-subtle-foreground">
                        <ins className="no-underline">{value(attribute.actual)}</ins>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </Column>
      </AccordionContent>
    </AccordionItem>
  );
}
