import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { templatesKeys } from './templates.keys';
import { stackDependenciesRequests } from './stack-dependencies.requests';
import type { StackDependencyInput } from './templates.types';

// onSuccess returns its invalidations, so mutateAsync resolves once the shown lists are fresh.

export function useCreateDependencyMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StackDependencyInput) => stackDependenciesRequests.createDependency(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKeys.dependencies() }),
  });
}
