import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { stacksKeys } from './stacks.keys';
import { stacksRequests } from './stacks.requests';
import type { Stack, StackInput, StackUpdate, Ttl } from './stacks.types';

// Each onSuccess returns its invalidations, so mutateAsync resolves once the lists are fresh.

export function useCreateStackMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stack: StackInput) => stacksRequests.create(client, stack),
    onSuccess: (created) => {
      queryClient.setQueryData(stacksKeys.detail(created.id), created);
      return queryClient.invalidateQueries({ queryKey: stacksKeys.lists() });
    },
  });
}

export function useUpdateStackMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stackId, input }: { stackId: string; input: StackUpdate }) => stacksRequests.update(client, stackId, input),
    onSuccess: (updated) => settle(queryClient, updated),
  });
}

export function useMoveStacksMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    // One call per stack (the contract moves one at a time); all settle before the lists refresh.
    mutationFn: async ({ stackIds, namespaceId }: { stackIds: string[]; namespaceId: string }) =>
      Promise.all(stackIds.map((stackId) => stacksRequests.move(client, stackId, namespaceId))),
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
    mutationFn: ({ stackId, ttl }: { stackId: string; ttl: Ttl }) => stacksRequests.extendTtl(client, stackId, ttl),
    onSuccess: (updated) => settle(queryClient, updated),
  });
}

export function useDeleteStackMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: string | { stackId: string; openCleanupPullRequest?: boolean }) =>
      typeof target === 'string' ? stacksRequests.remove(client, target) : stacksRequests.remove(client, target.stackId, target),
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
