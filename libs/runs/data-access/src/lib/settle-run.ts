import type { QueryClient } from '@tanstack/react-query';
import { runsKeys } from './runs.keys';
import type { RunDetail, RunDetailKind, RunRef } from './runs.types';

/**
 * After an action on a run: its page shows the status the server answered at once, then its
 * detail (with step results and comments) and every runs list are fetched again. Returned, so a
 * mutation's `mutateAsync` resolves once they are fresh.
 */
export function settleRun(queryClient: QueryClient, kind: RunDetailKind, ref: RunRef) {
  queryClient.setQueryData<RunDetail>(runsKeys.detail(kind, ref.id), (run) =>
    run ? { ...run, status: ref.status, isActive: ref.isActive } : run,
  );
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: runsKeys.detail(kind, ref.id) }),
    queryClient.invalidateQueries({ queryKey: runsKeys.lists() }),
  ]);
}
