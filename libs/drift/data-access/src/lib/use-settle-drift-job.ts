import { useQueryClient } from '@tanstack/react-query';
import { stacksKeys } from '@terrace/stacks/data-access';
import { useCallback } from 'react';
import { driftKeys } from './drift.keys';

/**
 * What a finished detection or remediation changes: the stack's drift state (the stacks lists and
 * the stack), its drifts and the report. Returns the invalidations so a caller can await them.
 */
export function useSettleDriftJob() {
  const queryClient = useQueryClient();
  return useCallback(
    (stackId: string) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: stacksKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: stacksKeys.detail(stackId) }),
        queryClient.invalidateQueries({ queryKey: driftKeys.details(stackId) }),
        queryClient.invalidateQueries({ queryKey: driftKeys.reports() }),
      ]),
    [queryClient],
  );
}
