import type { components } from '@terrace/api-client';

type Schemas = components['schemas'];

/** The contract's shapes, never re-typed. */
export type Variable = Schemas['Variable'];
export type VariableInput = Schemas['VariableInput'];
export type VariableUpdate = Schemas['VariableUpdate'];
export type VariableBatch = Schemas['VariableBatch'];
export type VariableBatchItem = Schemas['VariableBatchItem'];
export type VariableScope = Schemas['VariableScope'];
export type VariableType = Schemas['VariableType'];
export type VariableCondition = Schemas['VariableCondition'];
export type VariableConditionOperator = Schemas['VariableConditionOperator'];
export type EffectiveVariable = Schemas['EffectiveVariable'];
export type DiscoveredVariable = Schemas['DiscoveredVariable'];
export type VariableScanInput = Schemas['VariableScanInput'];
export type VcsInfo = Schemas['VcsInfo'];
export type IacType = Schemas['IacType'];

export const variableTypes = ['tfVar', 'envVar'] as const satisfies readonly VariableType[];

/**
 * Where variables are set: the organization, or one namespace, template, blueprint or stack. A
 * list of a place holds its own variables and (but for the organization and blueprints) those it
 * inherits and does not hide, marked `inheritedFrom`.
 */
export type VariablePlace = { scope: 'organization' } | { scope: Exclude<VariableScope, 'organization'>; scopeId: string };

/** The place of a variable as the contract's create body names it. */
export function placeFields(place: VariablePlace): Pick<VariableInput, 'scope' | 'scopeId'> {
  return place.scope === 'organization' ? { scope: 'organization' } : { scope: place.scope, scopeId: place.scopeId };
}
