import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { runnersKeys } from './runners.keys';
import { runnersRequests } from './runners.requests';
import type { RunnerGroupInput, RunnerGroupUpdate } from './runners.types';

// Each mutation returns its invalidations: `mutateAsync` resolves once the shown lists are fresh.

export function useCreateRunnerGroupMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RunnerGroupInput) => runnersRequests.createGroup(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: runnersKeys.groups() }),
  });
}

export function useUpdateRunnerGroupMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, input }: { groupId: string; input: RunnerGroupUpdate }) => runnersRequests.updateGroup(client, groupId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: runnersKeys.groups() }),
  });
}

export function useDeleteRunnerGroupMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) => runnersRequests.removeGroup(client, groupId),
    onSuccess: (_result, groupId) => {
      // The deleted group's runners and tokens must not be fetched again (they would answer 404).
      queryClient.removeQueries({ queryKey: runnersKeys.group(groupId) });
      return queryClient.invalidateQueries({ queryKey: runnersKeys.groups() });
    },
  });
}

export function useCreateRunnerGroupTokenMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, name }: { groupId: string; name: string }) => runnersRequests.createToken(client, groupId, name),
    onSuccess: (_token, { groupId }) => queryClient.invalidateQueries({ queryKey: runnersKeys.groupTokens(groupId) }),
  });
}

export function useRevokeRunnerGroupTokenMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, tokenId }: { groupId: string; tokenId: string }) => runnersRequests.revokeToken(client, groupId, tokenId),
    onSuccess: (_result, { groupId }) => queryClient.invalidateQueries({ queryKey: runnersKeys.groupTokens(groupId) }),
  });
}
