import { describe, expect, it } from 'vitest';
import {
  allowedRunEvents,
  findRunTransition,
  invalidTransitionMessage,
  isMutatingRunKind,
  nextRunStatus,
  runEvents,
  runTransitions,
  type RunEvent,
  type RunStateKind,
} from './run-state';
import { isRunActive, runStatuses, type RunStatus } from './run-status';

const kinds: RunStateKind[] = ['plan', 'deployment', 'destroy', 'task', 'drift', 'external_run'];

// Design automation-core §5.1, restated row by row (from, event, kind → to). Every allowed
// transition is listed here by hand, independently of the table: the test below checks that the
// table allows exactly these and nothing else.
const deploymentKinds: RunStateKind[] = ['deployment', 'destroy'];
const all = kinds;
const allowed: [RunStatus, RunEvent, RunStateKind[], RunStatus][] = [
  ['notStarted', 'queue', all, 'queued'],
  ['notStarted', 'supersede', all, 'skipped'],
  ['queued', 'supersede', all, 'skipped'],
  ['notStarted', 'cancel', all, 'canceled'],
  ['queued', 'cancel', all, 'canceled'],
  ['approved', 'cancel', all, 'canceled'],
  ['approvedFailedControlPolicies', 'cancel', all, 'canceled'],
  ['waitingForApproval', 'cancel', all, 'canceled'],
  ['waitingForFailedControlPoliciesApproval', 'cancel', all, 'canceled'],
  ['waitingForErrorControlPoliciesApproval', 'cancel', all, 'canceled'],
  ['inProgress', 'cancel', all, 'cancelling'],
  ['cancelling', 'forceCancel', all, 'canceled'],
  ['waitingForApproval', 'reject', deploymentKinds, 'canceled'],
  ['waitingForFailedControlPoliciesApproval', 'reject', deploymentKinds, 'canceled'],
  ['waitingForErrorControlPoliciesApproval', 'reject', deploymentKinds, 'canceled'],
  ['notStarted', 'forceStart', all, 'notStarted'],
  ['queued', 'forceStart', all, 'queued'],
  ['notStarted', 'upstreamFailed', all, 'canceledByDependency'],
  ['notStarted', 'stackInitializationFailed', all, 'canceledByFailedStackInitialization'],
  ['queued', 'claim', all, 'inProgress'],
  ['approved', 'claim', all, 'inProgress'],
  ['approvedFailedControlPolicies', 'claim', all, 'inProgress'],
  ['inProgress', 'planNoChanges', all, 'succeeded'],
  ['cancelling', 'planNoChanges', all, 'succeeded'],
  ['inProgress', 'planSucceeded', ['plan', 'drift'], 'succeeded'],
  ['cancelling', 'planSucceeded', ['plan', 'drift'], 'succeeded'],
  ['inProgress', 'planFailed', all, 'failed'],
  ['cancelling', 'planFailed', all, 'failed'],
  ['inProgress', 'policiesHardFailed', deploymentKinds, 'failed'],
  ['inProgress', 'policiesSoftFailed', deploymentKinds, 'waitingForFailedControlPoliciesApproval'],
  ['inProgress', 'policiesErrored', deploymentKinds, 'waitingForErrorControlPoliciesApproval'],
  ['inProgress', 'autoApprove', deploymentKinds, 'approved'],
  ['approvedFailedControlPolicies', 'autoApprove', deploymentKinds, 'approvedFailedControlPolicies'],
  ['inProgress', 'requireApproval', deploymentKinds, 'waitingForApproval'],
  ['approvedFailedControlPolicies', 'requireApproval', deploymentKinds, 'waitingForApproval'],
  ['waitingForFailedControlPoliciesApproval', 'approveFailedPolicies', deploymentKinds, 'approvedFailedControlPolicies'],
  ['waitingForErrorControlPoliciesApproval', 'approveFailedPolicies', deploymentKinds, 'approvedFailedControlPolicies'],
  ['waitingForApproval', 'approvalSatisfied', deploymentKinds, 'approved'],
  ['waitingForApproval', 'approvalExpired', deploymentKinds, 'approvalTimeout'],
  ['waitingForFailedControlPoliciesApproval', 'approvalExpired', deploymentKinds, 'approvalTimeout'],
  ['waitingForErrorControlPoliciesApproval', 'approvalExpired', deploymentKinds, 'approvalTimeout'],
  ['inProgress', 'applySucceeded', deploymentKinds, 'succeeded'],
  ['cancelling', 'applySucceeded', deploymentKinds, 'succeeded'],
  ['inProgress', 'applyFailed', deploymentKinds, 'applyFailure'],
  ['cancelling', 'applyFailed', deploymentKinds, 'applyFailure'],
  ['inProgress', 'taskSucceeded', ['task'], 'succeeded'],
  ['cancelling', 'taskSucceeded', ['task'], 'succeeded'],
  ['inProgress', 'taskFailed', ['task'], 'failed'],
  ['cancelling', 'taskFailed', ['task'], 'failed'],
  ['cancelling', 'runnerCanceled', all, 'canceled'],
  ['inProgress', 'jobLost', all, 'error'],
  ['cancelling', 'jobLost', all, 'canceled'],
  ['inProgress', 'jobRequeued', all, 'queued'],
  ['inProgress', 'applyRequeued', deploymentKinds, 'approved'],
  ['inProgress', 'jobErrored', all, 'error'],
  ['cancelling', 'jobErrored', all, 'error'],
  ...runStatuses.filter(isRunActive).map((s): [RunStatus, RunEvent, RunStateKind[], RunStatus] => [s, 'stackDeleted', all, 'canceled']),
];

const expectedTo = (from: RunStatus, event: RunEvent, kind: RunStateKind): RunStatus | null =>
  allowed.find(([f, e, k]) => f === from && e === event && k.includes(kind))?.[3] ?? null;

describe('the run state machine (design §5.1)', () => {
  it.each(allowed.flatMap(([from, event, ks, to]) => ks.map((kind) => [from, event, kind, to] as const)))(
    '%s --%s--> (%s) %s',
    (from, event, kind, to) => {
      expect(nextRunStatus(from, event, kind)).toBe(to);
    },
  );

  it('allows exactly the listed transitions: every other status × event × kind is refused', () => {
    let refused = 0;
    for (const from of runStatuses) {
      for (const event of runEvents) {
        for (const kind of kinds) {
          expect(nextRunStatus(from, event, kind), `${from} ${event} ${kind}`).toBe(expectedTo(from, event, kind));
          if (expectedTo(from, event, kind) === null) refused += 1;
        }
      }
    }
    expect(refused).toBeGreaterThan(2500);
  });

  it.each([
    ['succeeded', 'cancel', 'deployment'],
    ['canceled', 'queue', 'plan'],
    ['queued', 'approvalSatisfied', 'deployment'],
    ['waitingForApproval', 'claim', 'deployment'],
    ['inProgress', 'forceStart', 'plan'],
    ['inProgress', 'forceCancel', 'task'],
    ['inProgress', 'planSucceeded', 'deployment'],
    ['inProgress', 'autoApprove', 'plan'],
    ['inProgress', 'applySucceeded', 'task'],
    ['approvalTimeout', 'approvalSatisfied', 'deployment'],
    ['failed', 'jobLost', 'task'],
    ['queued', 'upstreamFailed', 'deployment'],
    ['cancelling', 'cancel', 'deployment'],
    ['skipped', 'stackDeleted', 'plan'],
  ] as const)('refuses %s --%s--> for a %s, with a message for the user', (from, event, kind) => {
    expect(nextRunStatus(from, event, kind)).toBeNull();
    expect(findRunTransition(from, event, kind)).toBeUndefined();
    expect(invalidTransitionMessage(from, event)).toMatch(new RegExp(`'${from}'`));
  });

  it('never leaves a finished run: no transition starts from a status that is not active', () => {
    for (const t of runTransitions) for (const from of t.from) expect(isRunActive(from), `${t.event} from ${from}`).toBe(true);
  });

  it('is deterministic: no two rows share a status, an event and a kind', () => {
    for (const from of runStatuses) {
      for (const event of runEvents) {
        for (const kind of kinds) {
          const rows = runTransitions.filter((t) => t.event === event && t.from.includes(from) && (!t.kinds || t.kinds.includes(kind)));
          expect(rows.length, `${from} ${event} ${kind}`).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  it('names who may cause each change: users never claim or finish a job, runners never approve', () => {
    const actorsOf = (from: RunStatus, event: RunEvent, kind: RunStateKind) => findRunTransition(from, event, kind)?.actors ?? [];
    expect(actorsOf('queued', 'claim', 'plan')).toEqual(['runner']);
    expect(actorsOf('inProgress', 'applySucceeded', 'deployment')).toEqual(['runner']);
    expect(actorsOf('waitingForApproval', 'approvalSatisfied', 'deployment')).toEqual(['user']);
    expect(actorsOf('waitingForApproval', 'approvalExpired', 'deployment')).toEqual(['sweeper']);
    expect(actorsOf('inProgress', 'cancel', 'task')).toEqual(['user']);
  });

  it('lists the events a run accepts (the actions the console offers)', () => {
    expect(allowedRunEvents('waitingForApproval', 'deployment').sort()).toEqual(
      ['approvalExpired', 'approvalSatisfied', 'cancel', 'reject', 'stackDeleted'].sort(),
    );
    expect(allowedRunEvents('queued', 'plan').sort()).toEqual(['cancel', 'claim', 'forceStart', 'stackDeleted', 'supersede']);
    expect(allowedRunEvents('succeeded', 'deployment')).toEqual([]);
  });

  it('classifies mutating kinds: deployments, destroys and tasks hold the stack; plans and drift checks never do', () => {
    expect(kinds.filter(isMutatingRunKind)).toEqual(['deployment', 'destroy', 'task']);
  });
});
