import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { runsRequests } from './runs.requests';
import { settleRun } from './settle-run';

/** Moves a waiting plan or deployment to the head of its stack's queue. */
export function useForceStartRunMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: 'plan' | 'deployment'; id: string }) => runsRequests.forceStart(client, kind, id),
    onSuccess: (ref, { kind }) => settleRun(queryClient, kind, ref),
  });
}
