import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { runsKeys } from './runs.keys';
import { runsCommands } from './runs.commands';
import type { RunDetailKind } from './runs.types';

/** Comments on a run; resolves once the run's comments have been fetched again. */
export function useCreateCommentMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { kind: RunDetailKind; id: string; text: string }) => runsCommands.createComment(client, id, text),
    onSuccess: (_comment, { kind, id }) => queryClient.invalidateQueries({ queryKey: runsKeys.comments(kind, id) }),
  });
}
