import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { vcsKeys } from './vcs.keys';
import { vcsRequests } from './vcs.requests';
import type { GitSigningKeyInput, SshKeyInput } from './vcs.types';

// SSH keys and git signing keys: each `onSuccess` returns its invalidation, so `mutateAsync`
// resolves once the shown list (with its one primary key) is fresh.

export function useCreateSshKeyMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SshKeyInput) => vcsRequests.createSshKey(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vcsKeys.sshKeys() }),
  });
}

export function useDeleteSshKeyMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => vcsRequests.deleteSshKey(client, keyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vcsKeys.sshKeys() }),
  });
}

/** Another key loses its primary mark on the server: the list is read again, not patched. */
export function useSetPrimarySshKeyMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => vcsRequests.setPrimarySshKey(client, keyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vcsKeys.sshKeys() }),
  });
}

export function useCreateGitSigningKeyMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GitSigningKeyInput) => vcsRequests.createGitSigningKey(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vcsKeys.gitSigningKeys() }),
  });
}

export function useDeleteGitSigningKeyMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => vcsRequests.deleteGitSigningKey(client, keyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vcsKeys.gitSigningKeys() }),
  });
}

export function useSetPrimaryGitSigningKeyMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => vcsRequests.setPrimaryGitSigningKey(client, keyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vcsKeys.gitSigningKeys() }),
  });
}
