import type { CreatedRunnerGroupToken, Runner, RunnerGroup, RunnerGroupToken } from './runners.types';

/** A runner group as the server answers it, for tests and stories. */
export function runnerGroupFixture(overrides: Partial<RunnerGroup> = {}): RunnerGroup {
  return {
    id: 'rg-build01',
    name: 'build-farm',
    mode: 'selfHosted',
    maxConcurrency: 4,
    activeJobs: 1,
    runnerCount: 2,
    createdAt: '2026-03-01T08:00:00.000Z',
    ...overrides,
  };
}

/** The managed runner's group every organization has. */
export function managedRunnerGroupFixture(overrides: Partial<RunnerGroup> = {}): RunnerGroup {
  return runnerGroupFixture({ id: 'CM_DEFAULT_RUNNER_GROUP', name: 'default', mode: 'managed', maxConcurrency: 2, activeJobs: 0, runnerCount: 1, ...overrides });
}

export function runnerFixture(overrides: Partial<Runner> = {}): Runner {
  return {
    id: 'rnr-01',
    groupId: 'rg-build01',
    name: 'build-01',
    version: '1.4.0',
    health: 'ok',
    registeredAt: '2026-03-01T08:05:00.000Z',
    lastHeartbeatAt: '2026-03-02T09:00:00.000Z',
    ...overrides,
  };
}

export function runnerGroupTokenFixture(overrides: Partial<RunnerGroupToken> = {}): RunnerGroupToken {
  return { id: 'rgt-01', groupId: 'rg-build01', name: 'ci-pool', createdAt: '2026-03-01T08:02:00.000Z', lastUsedAt: null, ...overrides };
}

export function createdRunnerGroupTokenFixture(overrides: Partial<CreatedRunnerGroupToken> = {}): CreatedRunnerGroupToken {
  return { ...runnerGroupTokenFixture(), token: 'trg_s3cr3tV4lu3ShownOnce', ...overrides };
}
