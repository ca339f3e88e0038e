import { describe, expect, it } from 'vitest';
import { changedAttributes, classifyDrift, nextDriftCheckAt, planAction, type PlanResourceChange } from './drift-classification';

const res = (address: string, actions: string[], before: unknown, after: unknown, extra: Partial<PlanResourceChange> = {}): PlanResourceChange => ({
  address,
  mode: 'managed',
  type: address.split('.')[0],
  name: address.split('.')[1],
  provider_name: 'registry.terraform.io/hashicorp/null',
  change: { actions, before, after },
  ...extra,
});

const bucket = { id: 'b-1', bucket: 'logs', acl: 'private', tags: { env: 'prod' } };

describe('planAction', () => {
  it.each([
    [['no-op'], 'no-op'],
    [['create'], 'create'],
    [['update'], 'update'],
    [['delete'], 'delete'],
    [['delete', 'create'], 'replace'],
    [['create', 'delete'], 'replace'],
    [['read'], 'read'],
    [['forget'], 'forget'],
    [[], 'no-op'],
  ])('%j is %s', (actions, expected) => expect(planAction(actions)).toBe(expected));
});

describe('classifyDrift over the table of automation §4 / design §5.10', () => {
  it('nothing changed: inSync', () => {
    expect(classifyDrift({ resource_drift: [], resource_changes: [res('aws_s3_bucket.logs', ['no-op'], bucket, bucket)] })).toEqual({ driftState: 'inSync', resources: [] });
    expect(classifyDrift({})).toEqual({ driftState: 'inSync', resources: [] });
  });

  it('a resource changed in the cloud and the code would change it back: drifted, modified, with its attributes', () => {
    const cloud = { ...bucket, acl: 'public-read' };
    const result = classifyDrift({
      resource_drift: [res('aws_s3_bucket.logs', ['update'], bucket, cloud)],
      resource_changes: [res('aws_s3_bucket.logs', ['update'], cloud, bucket)],
    });
    expect(result).toEqual({
      driftState: 'drifted',
      resources: [{ resourceAddress: 'aws_s3_bucket.logs', resourceType: 'aws_s3_bucket', driftKind: 'modified', attributes: [{ path: 'acl', expected: 'private', actual: 'public-read' }] }],
    });
  });

  it('a resource deleted in the cloud: drifted, deleted', () => {
    const result = classifyDrift({
      resource_drift: [res('aws_s3_bucket.logs', ['delete'], bucket, null)],
      resource_changes: [res('aws_s3_bucket.logs', ['create'], null, bucket)],
    });
    expect(result.driftState).toBe('drifted');
    expect(result.resources).toEqual([expect.objectContaining({ resourceAddress: 'aws_s3_bucket.logs', driftKind: 'deleted' })]);
    expect(result.resources[0]?.attributes.map((a) => a.path)).toEqual(['acl', 'bucket', 'id', 'tags']);
  });

  it('a drifted resource the plan must replace: modifiedForcesReplacement', () => {
    const cloud = { ...bucket, bucket: 'renamed' };
    const result = classifyDrift({
      resource_drift: [res('aws_s3_bucket.logs', ['update'], bucket, cloud)],
      resource_changes: [res('aws_s3_bucket.logs', ['delete', 'create'], cloud, bucket, { action_reason: 'replace_because_cannot_update' })],
    });
    expect(result.driftState).toBe('drifted');
    expect(result.resources[0]?.driftKind).toBe('modifiedForcesReplacement');
  });

  it('code not yet deployed and no drift: inSyncDeployRequired, each change with its deployRequired kind', () => {
    const result = classifyDrift({
      resource_drift: [],
      resource_changes: [
        res('null_resource.a', ['create'], null, { id: null }),
        res('null_resource.b', ['delete'], { id: '1' }, null),
        res('null_resource.c', ['update'], { id: '2', x: 1 }, { id: '2', x: 2 }),
        res('null_resource.d', ['create', 'delete'], { id: '3' }, { id: null }),
        res('null_resource.e', ['no-op'], { id: '4' }, { id: '4' }),
      ],
    });
    expect(result.driftState).toBe('inSyncDeployRequired');
    expect(result.resources.map((r) => [r.resourceAddress, r.driftKind, r.deployRequiredKind])).toEqual([
      ['null_resource.a', 'deployRequired', 'creation'],
      ['null_resource.b', 'deployRequired', 'deletion'],
      ['null_resource.c', 'deployRequired', 'modification'],
      ['null_resource.d', 'deployRequired', 'modificationForcesReplacement'],
    ]);
  });

  it('drift wins over code changes on other resources, and both are listed', () => {
    const result = classifyDrift({
      resource_drift: [res('null_resource.a', ['delete'], { id: '1' }, null)],
      resource_changes: [res('null_resource.a', ['create'], null, { id: null }), res('null_resource.b', ['create'], null, { id: null })],
    });
    expect(result.driftState).toBe('drifted');
    expect(result.resources.map((r) => r.driftKind)).toEqual(['deleted', 'deployRequired']);
  });

  it('the cloud moved to what the code says (plan no-op): inSyncRefreshRequired, nothing listed', () => {
    const cloud = { ...bucket, acl: 'public-read' };
    const result = classifyDrift({
      resource_drift: [res('aws_s3_bucket.logs', ['update'], bucket, cloud)],
      resource_changes: [res('aws_s3_bucket.logs', ['no-op'], cloud, cloud)],
    });
    expect(result).toEqual({ driftState: 'inSyncRefreshRequired', resources: [] });
  });

  it('only outputs change: inSyncRefreshRequired', () => {
    expect(classifyDrift({ resource_changes: [], output_changes: { url: { actions: ['update'] } } }).driftState).toBe('inSyncRefreshRequired');
    expect(classifyDrift({ resource_changes: [], output_changes: { url: { actions: ['no-op'] } } }).driftState).toBe('inSync');
  });

  it('a refresh-only plan (no resource_changes) with drift: drifted', () => {
    const result = classifyDrift({ resource_drift: [res('aws_s3_bucket.logs', ['update'], bucket, { ...bucket, acl: 'x' })], resource_changes: [] });
    expect(result.driftState).toBe('drifted');
    expect(result.resources[0]?.driftKind).toBe('modified');
  });

  it('ignores data sources and reads', () => {
    const result = classifyDrift({
      resource_drift: [res('data.aws_ami.a', ['update'], {}, { x: 1 }, { mode: 'data' })],
      resource_changes: [res('data.aws_ami.a', ['read'], null, {}, { mode: 'data' })],
    });
    expect(result).toEqual({ driftState: 'inSync', resources: [] });
  });
});

describe('changedAttributes', () => {
  it('keeps only the path of a sensitive attribute (terraform before_sensitive / after_sensitive)', () => {
    expect(changedAttributes({ password: 'a', size: 1 }, { password: 'b', size: 2 }, { before: { password: true }, after: { password: true } })).toEqual([
      { path: 'password', sensitive: true },
      { path: 'size', expected: 1, actual: 2 },
    ]);
    expect(changedAttributes({ tags: { k: 's1' } }, { tags: { k: 's2' } }, { before: {}, after: { tags: { k: true } } })).toEqual([{ path: 'tags', sensitive: true }]);
    expect(changedAttributes({ x: 1 }, { x: 2 }, { before: true })).toEqual([{ path: 'x', sensitive: true }]);
    expect(changedAttributes({ x: 1 }, { x: 2 }, { before: { x: false } })).toEqual([{ path: 'x', expected: 1, actual: 2 }]);
  });

  it('compares nested values as JSON whatever the key order', () => {
    expect(changedAttributes({ t: { a: 1, b: 2 } }, { t: { b: 2, a: 1 } })).toEqual([]);
    expect(changedAttributes({ a: 1 }, { b: 2 })).toEqual([{ path: 'a', expected: 1 }, { path: 'b', actual: 2 }]);
  });
});

describe('nextDriftCheckAt', () => {
  const now = new Date('2026-03-01T10:17:30Z');

  it('is strictly later, deterministic, within one period, on the stack minute', () => {
    const next = nextDriftCheckAt('stk-abc', now);
    expect(next.getTime()).toBeGreaterThan(now.getTime());
    expect(next.getTime() - now.getTime()).toBeLessThanOrEqual(24 * 3600_000);
    expect(nextDriftCheckAt('stk-abc', now)).toEqual(next);
    expect(next.getUTCSeconds()).toBe(0);
    // The next one after it is one period later.
    expect(nextDriftCheckAt('stk-abc', next).getTime() - next.getTime()).toBe(24 * 3600_000);
    expect(nextDriftCheckAt('stk-abc', next, 1).getTime() - next.getTime()).toBe(3600_000);
  });

  it('spreads stacks across the hour', () => {
    const minutes = new Set(Array.from({ length: 200 }, (_, i) => nextDriftCheckAt(`stk-${i}`, now, 1).getUTCMinutes()));
    expect(minutes.size).toBeGreaterThan(45);
  });
});
