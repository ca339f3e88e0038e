import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { vcsKeys } from './vcs.keys';
import { vcsRequests } from './vcs.requests';
import type { VcsProviderInput, VcsProviderUpdate } from './vcs.types';

// Each `onSuccess` returns its invalidation: `mutateAsync` resolves once the shown list is fresh.

export function useCreateVcsProviderMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VcsProviderInput) => vcsRequests.createProvider(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vcsKeys.providerList() }),
  });
}

export function useUpdateVcsProviderMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ providerId, input }: { providerId: string; input: VcsProviderUpdate }) =>
      vcsRequests.updateProvider(client, providerId, input),
    // New credentials may see other repositories: everything under the provider is read again.
    onSuccess: (updated) => queryClient.invalidateQueries({ queryKey: vcsKeys.providers() }).then(() => updated),
  });
}

export function useDeleteVcsProviderMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (providerId: string) => vcsRequests.deleteProvider(client, providerId),
    onSuccess: (_result, providerId) => {
      queryClient.removeQueries({ queryKey: vcsKeys.provider(providerId) });
      return queryClient.invalidateQueries({ queryKey: vcsKeys.providerList() });
    },
  });
}

/** "Test connection": the host's verdict on these settings; nothing is stored, nothing invalidated. */
export function useValidateVcsConnectionMutation() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (input: VcsProviderInput) => vcsRequests.validateConnection(client, input),
  });
}
