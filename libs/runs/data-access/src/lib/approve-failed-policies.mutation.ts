import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { runsCommands } from './runs.commands';
import { settleRun } from './settle-run';

/** Lets a deployment continue despite failed (or unevaluable) soft-mandatory control policies. */
export function useApproveFailedPoliciesMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deploymentId: string) => runsCommands.approveFailedPolicies(client, deploymentId),
    onSuccess: (ref) => settleRun(queryClient, 'deployment', ref),
  });
}
