export { templatesKeys } from './lib/templates.keys';
// Each part of the domain in modules of its own (a page loads only what it calls): the templates
// and blueprints, the namespaces they are available in, the stacks made from them, and the
// dependencies between stacks; one module per mutation.
export { templatesQueries } from './lib/templates.queries';
export { templatesRequests } from './lib/templates.requests';
export { templateNamespacesQueries } from './lib/template-namespaces.queries';
export { templateNamespacesRequests } from './lib/template-namespaces.requests';
export { templateStacksQueries } from './lib/template-stacks.queries';
export { templateStacksRequests } from './lib/template-stacks.requests';
export { stackDependenciesQueries } from './lib/stack-dependencies.queries';
export { stackDependenciesRequests } from './lib/stack-dependencies.requests';
export {
  finalInitStatuses,
  templateKindOf,
  type Blueprint,
  type BlueprintInput,
  type BlueprintUpdate,
  type CreatedStack,
  type DependencyGraphScope,
  type DependencyReference,
  type DependencyTriggerOption,
  type EphemeralStackEvent,
  type EphemeralStackEventType,
  type EventFilters,
  type PageSize,
  type StackDependency,
  type StackDependencyGraph,
  type StackDependencyInput,
  type StackFromBlueprintInput,
  type StackFromTemplateInput,
  type StackInitStatus,
  type StackInitialization,
  type SubstituteParameter,
  type Template,
  type TemplateInput,
  type TemplateKind,
  type TemplateListFilters,
  type TemplateUpdate,
} from './lib/templates.types';
export { useCreateBlueprintMutation } from './lib/create-blueprint.mutation';
export { useCreateDependencyMutation } from './lib/create-dependency.mutation';
export { useCreateStackFromBlueprintMutation } from './lib/create-stack-from-blueprint.mutation';
export { useCreateStackFromTemplateMutation } from './lib/create-stack-from-template.mutation';
export { useCreateTemplateMutation } from './lib/create-template.mutation';
export { useDeleteDependencyMutation } from './lib/delete-dependency.mutation';
export { useDeleteTemplateMutation } from './lib/delete-template.mutation';
export { useNamespaceMappingMutation } from './lib/namespace-mapping.mutation';
export { useUpdateBlueprintMutation } from './lib/update-blueprint.mutation';
export { useUpdateTemplateMutation } from './lib/update-template.mutation';
