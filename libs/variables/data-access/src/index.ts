export { variablesKeys } from './lib/variables.keys';
export { variablesQueries } from './lib/variables.queries';
export { variablesRequests } from './lib/variables.requests';
export {
  placeFields,
  variableTypes,
  type DiscoveredVariable,
  type EffectiveVariable,
  type IacType,
  type Variable,
  type VariableBatch,
  type VariableBatchItem,
  type VariableCondition,
  type VariableConditionOperator,
  type VariableInput,
  type VariablePlace,
  type VariableScanInput,
  type VariableScope,
  type VariableType,
  type VariableUpdate,
  type VcsInfo,
} from './lib/variables.types';
export {
  useAddVariablesMutation,
  useCreateVariableMutation,
  useDeleteVariableMutation,
  useRevealVariableMutation,
  useUpdateVariableMutation,
} from './lib/variables.mutations';
