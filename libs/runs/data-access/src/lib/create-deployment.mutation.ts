import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { runsKeys } from './runs.keys';
import { runsCommands } from './runs.commands';

/** Starts a deployment of a stack, or a destroy (`isDestroy`); resolves once the runs lists are fresh. */
export function useCreateDeploymentMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stackId, isDestroy = false }: { stackId: string; isDestroy?: boolean }) =>
      runsCommands.createDeployment(client, stackId, isDestroy),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: runsKeys.lists() }),
  });
}
