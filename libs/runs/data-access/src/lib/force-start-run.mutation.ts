import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { runsCommands } from './runs.commands';
import { settleRun } from './settle-run';

/** Moves a waiting plan or deployment to the head of its stack's queue. */
export function useForceStartRunMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: 'plan' | 'deployment'; id: string }) => runsCommands.forceStart(client, kind, id),
    onSuccess: (ref, { kind }) => settleRun(queryClient, kind, ref),
  });
}
