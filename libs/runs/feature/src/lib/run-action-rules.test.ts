import { isRunFinished, runStatuses } from '@terrace/domain';
import { describe, expect, it } from 'vitest';
import { availableRunActions } from './run-action-rules';

describe('availableRunActions', () => {
  it('offers approval only to a deployment waiting for it, and the policy override only while policies block it', () => {
    expect(availableRunActions('deployment', 'waitingForApproval')).toEqual(['approve', 'cancel']);
    expect(availableRunActions('deployment', 'waitingForFailedControlPoliciesApproval')).toEqual(['approveFailedPolicies', 'cancel']);
    expect(availableRunActions('deployment', 'waitingForErrorControlPoliciesApproval')).toEqual(['approveFailedPolicies', 'cancel']);
    expect(availableRunActions('plan', 'waitingForApproval')).not.toContain('approve');
  });

  it('force-starts waiting plans and deployments, never tasks', () => {
    expect(availableRunActions('plan', 'queued')).toEqual(['forceStart', 'cancel']);
    expect(availableRunActions('deployment', 'notStarted')).toEqual(['forceStart', 'cancel']);
    expect(availableRunActions('task', 'queued')).toEqual(['cancel']);
  });

  it('forces the cancel of a deployment that is cancelling', () => {
    expect(availableRunActions('deployment', 'cancelling')).toEqual(['forceCancel']);
    expect(availableRunActions('task', 'cancelling')).toEqual([]);
  });

  it('offers nothing on a finished run', () => {
    const finished = runStatuses.filter(isRunFinished);
    expect(finished).toContain('succeeded');
    for (const kind of ['plan', 'deployment', 'task'] as const) {
      for (const status of finished) expect(availableRunActions(kind, status)).toEqual([]);
    }
  });
});
