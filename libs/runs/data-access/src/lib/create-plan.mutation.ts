import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { runsKeys } from './runs.keys';
import { runsCommands } from './runs.commands';

/** Starts a plan of a stack; resolves once the runs lists have been fetched again. */
export function useCreatePlanMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stackId: string) => runsCommands.createPlan(client, stackId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: runsKeys.lists() }),
  });
}
