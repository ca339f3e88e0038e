import { describe, expect, it } from 'vitest';
import { isRemediable, resolveIacState, type IacState, type ResourceIacInput } from './iac-state';

const dr = { snapshotId: 'snap-1' };

describe('resolveIacState', () => {
  it.each<[string, ResourceIacInput, IacState]>([
    ['managed without DR', { iacState: 'managed' }, 'managed'],
    [
      'managed with DR',
      { iacState: 'managed', disasterRecoveryProperties: dr },
      'managedDocumented',
    ],
    ['unmanaged without DR', { iacState: 'unmanaged' }, 'unmanaged'],
    [
      'unmanaged with DR',
      { iacState: 'unmanaged', disasterRecoveryProperties: dr },
      'unmanagedDocumented',
    ],
    [
      'unmanaged with empty DR object',
      { iacState: 'unmanaged', disasterRecoveryProperties: {} },
      'unmanaged',
    ],
    ['managed with null DR', { iacState: 'managed', disasterRecoveryProperties: null }, 'managed'],
    [
      'notRelevant with DR stays',
      { iacState: 'notRelevant', disasterRecoveryProperties: dr },
      'notRelevant',
    ],
    ['already documented stays', { iacState: 'managedDocumented' }, 'managedDocumented'],
    ['no state, deleted', { isDeleted: true }, 'notAvailable'],
    ['no state, not deleted', { isDeleted: false }, 'pendingCalculation'],
    ['null state, deleted flag missing', { iacState: null }, 'pendingCalculation'],
    [
      'no state, deleted, with DR',
      { isDeleted: true, disasterRecoveryProperties: dr },
      'notAvailable',
    ],
    ['deleted but has a state', { iacState: 'managed', isDeleted: true }, 'managed'],
  ])('%s', (_name, input, expected) => {
    expect(resolveIacState(input)).toBe(expected);
  });
});

describe('isRemediable', () => {
  it.each<[IacState, boolean]>([
    ['managed', false],
    ['managedDocumented', false],
    ['unmanaged', true],
    ['unmanagedDocumented', true],
    ['notAvailable', false],
    ['notRelevant', false],
    ['pendingCalculation', false],
  ])('%s → %s', (state, expected) => {
    expect(isRemediable(state)).toBe(expected);
  });
});
