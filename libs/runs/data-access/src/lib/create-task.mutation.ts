import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { runsKeys } from './runs.keys';
import { runsCommands } from './runs.commands';
import type { TaskToExecute } from './runs.types';

/** Runs a task on a stack (state lock release, taint, untaint, remove, import, refresh). */
export function useCreateTaskMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stackId, taskToExecute }: { stackId: string; taskToExecute: TaskToExecute }) =>
      runsCommands.createTask(client, stackId, taskToExecute),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: runsKeys.lists() }),
  });
}
