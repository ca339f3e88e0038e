import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { runsCommands } from './runs.commands';
import type { RunDetailKind } from './runs.types';
import { settleRun } from './settle-run';

/** Cancels a plan, deployment or task; `force` ends a deployment that is cancelling at once. */
export function useCancelRunMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, force = false }: { kind: RunDetailKind; id: string; force?: boolean }) =>
      runsCommands.cancel(client, kind, id, force),
    onSuccess: (ref, { kind }) => settleRun(queryClient, kind, ref),
  });
}
