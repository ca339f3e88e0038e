import type {
  DriftDetail,
  DriftDetection,
  DriftRemediation,
  DriftReportPoint,
} from './drift.types';

/** A modified resource whose change a CloudTrail event explains. */
export function driftDetailFixture(overrides: Partial<DriftDetail> = {}): DriftDetail {
  return {
    resourceAddress: 'aws_security_group.web',
    resourceType: 'aws_security_group',
    logicalResourceId: 'sg-0a1b2c3d',
    driftKind: 'modified',
    attributes: [
      { path: 'ingress[0].cidr_blocks[0]', expected: '10.0.0.0/16', actual: '0.0.0.0/0' },
      { path: 'tags.Owner', expected: 'platform', actual: null },
    ],
    driftSource: {
      sources: {
        cloudTrail: {
          eventTime: '2026-11-20T08:14:00.000Z',
          eventName: 'AuthorizeSecurityGroupIngress',
          userIdentity: 'arn:aws:iam::123456789012:user/ops-alice',
        },
      },
    },
    stackResourceDriftId: 'srd-1',
    ...overrides,
  };
}

export function driftDetectionFixture(overrides: Partial<DriftDetection> = {}): DriftDetection {
  return {
    driftDetectionId: 'dd-1',
    stackId: 'stk-1',
    status: 'queued',
    startedAt: '2026-11-24T10:00:00.000Z',
    ...overrides,
  };
}

export function driftRemediationFixture(
  overrides: Partial<DriftRemediation> = {},
): DriftRemediation {
  return {
    driftRemediationId: 'dr-1',
    stackId: 'stk-1',
    mode: 'deploy',
    status: 'queued',
    ...overrides,
  };
}

/** A day-by-day report ending on `end`, with a few stacks drifting now and then. */
export function driftReportFixture(days = 30, end = Date.UTC(2026, 10, 24)): DriftReportPoint[] {
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    const drifted = (i * 7) % 5;
    return { date, drifted, inSync: 20 - drifted, notChecked: i % 3 };
  });
}
