import type { StackOutput, StackStateLock, StackStateUnit, StackStateVersion } from './stack-state.types';

/** A state version as the wire answers it, for tests and stories. */
export function stateVersionFixture(overrides: Partial<StackStateVersion> = {}): StackStateVersion {
  return {
    id: 'sv-1',
    stackId: 'stk-1',
    serial: 3,
    lineage: '0f6c2d8e-7a8b-4c5d-9e0f-112233445566',
    status: 'current',
    terraformVersion: '1.9.5',
    resourceCount: 12,
    size: 20_480,
    md5: 'd41d8cd98f00b204e9800998ecf8427e',
    sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    runId: null,
    reason: null,
    rolledBackFrom: null,
    createdBy: { kind: 'user', id: 'usr-1', name: 'ada@example.com' },
    createdAt: '2026-11-02T10:00:00.000Z',
    ...overrides,
  };
}

/** A state lock as the wire answers it. */
export function stateLockFixture(overrides: Partial<StackStateLock> = {}): StackStateLock {
  return {
    stackId: 'stk-1',
    lockId: '8f6c2d8e-1111-4c5d-9e0f-112233445566',
    operation: 'OperationTypeApply',
    who: 'ada@laptop',
    version: '1.9.5',
    info: '',
    created: '2026-11-02T10:00:00.123Z',
    holder: { kind: 'user', id: 'usr-1', name: 'ada@example.com' },
    acquiredAt: '2026-11-02T10:00:00.000Z',
    ...overrides,
  };
}

/** A stack output as the wire answers it. */
export function stackOutputFixture(overrides: Partial<StackOutput> = {}): StackOutput {
  return { name: 'vpc_id', type: 'string', isSensitive: false, value: 'vpc-0a1b2c', ...overrides };
}

/** A terragrunt unit with a state of its own, as the wire answers it. */
export function stateUnitFixture(overrides: Partial<StackStateUnit> = {}): StackStateUnit {
  return { unit: 'prod/vpc', serial: 3, ...overrides };
}
