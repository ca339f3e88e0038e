import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { templatesKeys } from './templates.keys';
import { stackDependenciesRequests } from './stack-dependencies.requests';

// onSuccess returns its invalidations, so mutateAsync resolves once the shown lists are fresh.

export function useDeleteDependencyMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dependencyId: string) => stackDependenciesRequests.removeDependency(client, dependencyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKeys.dependencies() }),
  });
}
