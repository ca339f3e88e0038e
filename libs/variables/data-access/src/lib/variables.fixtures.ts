import type { DiscoveredVariable, EffectiveVariable, Variable } from './variables.types';

/** A variable as the contract answers it (wire format), for tests and stories. */
export function variableFixture(overrides: Partial<Variable> = {}): Variable {
  return {
    id: 'var-region01',
    scope: 'organization',
    key: 'region',
    value: 'eu-west-1',
    type: 'tfVar',
    isSensitive: false,
    isOverridable: true,
    isRequired: false,
    isHcl: false,
    valueConditions: [],
    ...overrides,
  };
}

/** One entry of a stack's effective variables (wire format). */
export function effectiveVariableFixture(overrides: Partial<EffectiveVariable> = {}): EffectiveVariable {
  return {
    key: 'region',
    type: 'tfVar',
    value: 'eu-west-1',
    isSensitive: false,
    isRequired: false,
    isOverridable: true,
    isMissing: false,
    isHcl: false,
    scope: 'organization',
    variableId: 'var-region01',
    overrides: [],
    ...overrides,
  };
}

/** One proposal of a scan from code (wire format). */
export function discoveredVariableFixture(overrides: Partial<DiscoveredVariable> = {}): DiscoveredVariable {
  return { key: 'instance_type', type: 'string', defaultValue: 't3.micro', isSensitive: false, isRequired: false, variableType: 'tfVar', fileName: 'variables.tf', ...overrides };
}
