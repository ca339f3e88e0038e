import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { runsCommands } from './runs.commands';
import { settleRun } from './settle-run';

/** Approves a deployment waiting for approval (one of the approvals its rule asks for). */
export function useApproveDeploymentMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deploymentId: string) => runsCommands.approve(client, deploymentId),
    onSuccess: (ref) => settleRun(queryClient, 'deployment', ref),
  });
}
