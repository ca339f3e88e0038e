import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@terrace/api-client';
import { firstItem, useApiClient } from '@terrace/session';
import { stacksKeys } from './stacks.keys';
import type { Stack, StackInput } from './stacks.types';

// Apart from the other commands (stacks.commands.ts): the create wizard loads only this one.

/** Creates a stack: the one body wrapped twice, as the contract says (`{ entity: { stack } }`). */
export async function createStack(client: ApiClient, stack: StackInput): Promise<Stack> {
  const { data } = await client.POST('/stack', { body: { entity: { stack } } });
  return firstItem(data);
}

/** Creates a stack; resolves once the stacks lists have been fetched again. */
export function useCreateStackMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stack: StackInput) => createStack(client, stack),
    onSuccess: (created) => {
      queryClient.setQueryData(stacksKeys.detail(created.id), created);
      return queryClient.invalidateQueries({ queryKey: stacksKeys.lists() });
    },
  });
}
