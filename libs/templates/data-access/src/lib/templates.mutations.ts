import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@terrace/session';
import { stacksKeys } from '@terrace/stacks/data-access';
import { templatesKeys } from './templates.keys';
import { templatesRequests } from './templates.requests';
import type {
  BlueprintInput,
  BlueprintUpdate,
  StackDependencyInput,
  StackFromBlueprintInput,
  StackFromTemplateInput,
  TemplateInput,
  TemplateKind,
  TemplateUpdate,
} from './templates.types';

// Every onSuccess returns its invalidations, so mutateAsync resolves once the shown lists are fresh.

export function useCreateTemplateMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TemplateInput) => templatesRequests.createTemplate(client, input),
    onSuccess: (created) => {
      queryClient.setQueryData(templatesKeys.detail('template', created.id), created);
      return queryClient.invalidateQueries({ queryKey: templatesKeys.lists('template') });
    },
  });
}

export function useUpdateTemplateMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ templateId, input }: { templateId: string; input: TemplateUpdate }) => templatesRequests.updateTemplate(client, templateId, input),
    onSuccess: (updated) => {
      queryClient.setQueryData(templatesKeys.detail('template', updated.id), updated);
      return queryClient.invalidateQueries({ queryKey: templatesKeys.lists('template') });
    },
  });
}

export function useCreateBlueprintMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BlueprintInput) => templatesRequests.createBlueprint(client, input),
    onSuccess: (created) => {
      queryClient.setQueryData(templatesKeys.detail('blueprint', created.id), created);
      return queryClient.invalidateQueries({ queryKey: templatesKeys.lists('blueprint') });
    },
  });
}

export function useUpdateBlueprintMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ blueprintId, input }: { blueprintId: string; input: BlueprintUpdate }) => templatesRequests.updateBlueprint(client, blueprintId, input),
    onSuccess: (updated) => {
      queryClient.setQueryData(templatesKeys.detail('blueprint', updated.id), updated);
      return queryClient.invalidateQueries({ queryKey: templatesKeys.lists('blueprint') });
    },
  });
}

/** Deletes a template or a blueprint (by its kind) and drops its cached detail so its page does not refetch a 404. */
export function useDeleteTemplateMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: TemplateKind; id: string }) =>
      kind === 'blueprint' ? templatesRequests.removeBlueprint(client, id) : templatesRequests.removeTemplate(client, id),
    onSuccess: (_result, { kind, id }) => {
      queryClient.removeQueries({ queryKey: templatesKeys.detail(kind, id) });
      return queryClient.invalidateQueries({ queryKey: templatesKeys.lists(kind) });
    },
  });
}

/** Makes a template or blueprint available in a namespace, or takes it away. */
export function useNamespaceMappingMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, namespaceId, mapped }: { kind: TemplateKind; id: string; namespaceId: string; mapped: boolean }) => {
      if (kind === 'blueprint') {
        return mapped ? templatesRequests.mapBlueprint(client, id, namespaceId) : templatesRequests.unmapBlueprint(client, id, namespaceId);
      }
      return mapped ? templatesRequests.mapTemplate(client, id, namespaceId) : templatesRequests.unmapTemplate(client, id, namespaceId);
    },
    onSuccess: (_result, { kind, id }) => queryClient.invalidateQueries({ queryKey: templatesKeys.mappings(kind, id) }),
  });
}

/** Creates an ephemeral stack from a template; the stacks lists show it after. */
export function useCreateStackFromTemplateMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StackFromTemplateInput) => templatesRequests.stackFromTemplate(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stacksKeys.lists() }),
  });
}

/** Creates a persistent stack from a blueprint: the server opens a pull request, whose status the page then polls. */
export function useCreateStackFromBlueprintMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StackFromBlueprintInput) => templatesRequests.stackFromBlueprint(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stacksKeys.lists() }),
  });
}

export function useCreateDependencyMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StackDependencyInput) => templatesRequests.createDependency(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKeys.dependencies() }),
  });
}

export function useDeleteDependencyMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dependencyId: string) => templatesRequests.removeDependency(client, dependencyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKeys.dependencies() }),
  });
}
