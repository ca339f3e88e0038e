import { useQuery } from '@tanstack/react-query';
import { driftReportPeriodDays, type DriftReportPeriodId } from '@terrace/domain';
import { driftQueries } from '@terrace/drift/data-access';
import { useApiClient } from '@terrace/session';
import { useMemo } from 'react';

export interface DriftReportOptions {
  namespaceId?: string | undefined;
  period: DriftReportPeriodId;
  /** Today, for the year-to-date period (a prop so stories and tests are stable). */
  now?: Date | undefined;
}

/**
 * GET /drift/report over one of the report periods: the history chart draws its points, the count
 * per drift state reads its last one (today: the stacks' states now). Both ask with the same key,
 * so the Drift Center makes one request for them.
 */
export function useDriftReport({ namespaceId, period, now }: DriftReportOptions) {
  const client = useApiClient();
  const today = useMemo(() => now ?? new Date(), [now]);
  const daysBack = driftReportPeriodDays(period, today);
  return useQuery(driftQueries.report(client, { daysBack, ...(namespaceId ? { namespaceId } : {}) }));
}
