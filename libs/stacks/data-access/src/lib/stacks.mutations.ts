import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { stacksKeys } from './stacks.keys';
import { stacksCommands } from './stacks.commands';
import type { Stack, StackUpdate, Ttl } from './stacks.types';

// Each onSuccess returns its invalidations, so mutateAsync resolves once the lists are fresh.
// Creating a stack is create-stack.mutation.ts: the create wizard loads only that one.

export function useUpdateStackMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stackId, input }: { stackId: string; input: StackUpdate }) => stacksCommands.update(client, stackId, input),
    onSuccess: (updated) => settle(queryClient, updated),
  });
}

export function useMoveStacksMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    // One call per stack (the contract moves one at a time); all settle before the lists refresh.
    mutationFn: async ({ stackIds, namespaceId }: { stackIds: string[]; namespaceId: string }) =>
      Promise.all(stackIds.map((stackId) => stacksCommands.move(client, stackId, namespaceId))),
    onSuccess: (moved) => {
      for (const stack of moved) queryClient.setQueryData(stacksKeys.detail(stack.id), stack);
      return queryClient.invalidateQueries({ queryKey: stacksKeys.lists() });
    },
  });
}

export function useExtendStackTtlMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stackId, ttl }: { stackId: string; ttl: Ttl }) => stacksCommands.extendTtl(client, stackId, ttl),
    onSuccess: (updated) => settle(queryClient, updated),
  });
}

export function useDeleteStackMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: string | { stackId: string; openCleanupPullRequest?: boolean }) =>
      typeof target === 'string' ? stacksCommands.remove(client, target) : stacksCommands.remove(client, target.stackId, target),
    onSuccess: (_result, target) => {
      const stackId = typeof target === 'string' ? target : target.stackId;
      // The page of a deleted stack must not refetch it (it would answer 404 and toast).
      queryClient.removeQueries({ queryKey: stacksKeys.detail(stackId) });
      return queryClient.invalidateQueries({ queryKey: stacksKeys.lists() });
    },
  });
}

function settle(queryClient: ReturnType<typeof useQueryClient>, stack: Stack) {
  queryClient.setQueryData(stacksKeys.detail(stack.id), stack);
  return queryClient.invalidateQueries({ queryKey: stacksKeys.lists() });
}
