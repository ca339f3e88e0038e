import { describe, expect, it } from 'vitest';
import { driftKeys } from './drift.keys';

describe('driftKeys', () => {
  it('nests a stack’s drifts, detections and remediations under the stack so one invalidation reaches them all', () => {
    expect(driftKeys.details('stk-1')).toEqual(['drift', 'stack', 'stk-1', 'details']);
    expect(driftKeys.detection('stk-1', 'dd-1').slice(0, 3)).toEqual(driftKeys.stack('stk-1'));
    expect(driftKeys.remediation('stk-1', 'dr-1').slice(0, 3)).toEqual(driftKeys.stack('stk-1'));
    expect(driftKeys.report({ daysBack: 30 }).slice(0, 2)).toEqual(driftKeys.reports());
  });
});
