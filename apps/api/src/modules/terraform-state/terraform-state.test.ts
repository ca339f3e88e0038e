import { createHash, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../audit/audit.schema';
import { addMember, createNamespace, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { stateLocks, stateVersionContents, stateVersions } from './terraform-state.schema';
import { lockInfo, managedResource, sendWire, stateFile, type WireAnswer } from './testing/terraform-wire';

// Terraform's HTTP backend against the real server (real HTTP on a socket, real PostgreSQL): the
// request sequences terraform and OpenTofu send (init, plan, apply, force-unlock, retries), byte for
// byte as their Go clients write them (testing/terraform-wire.ts).

let api: TestApi;
let port: number;
let admin: SignedUp;
let adminPat: string;
let member: SignedUp;
let memberPat: string;
let viewer: SignedUp;
let viewerPat: string;
let other: SignedUp;
let otherPat: string;
let namespaceId: string;
/** The job tokens the test's resolver knows (the runner protocol's stand-in). */
const jobTokens = new Map<string, { organizationId: string; stackId: string; jobId: string; runId: string }>();

async function pat(token: string) {
  const res = await api.call<{ token: string }>('createPersonalAccessToken', { token, entity: { name: `tf ${randomUUID()}`, expiresInDays: 30 } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response.items[0]?.token as string;
}

async function newStack(token = admin.token, ns = namespaceId) {
  const res = await api.call<{ id: string; name: string }>('createStack', {
    token,
    entity: { stack: { name: `state-${randomUUID().slice(0, 8)}`, namespaceId: ns, iacType: 'terraform' } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response.items[0] as { id: string; name: string };
}

/** The backend's settings as a user writes them: `username = "terraform"`, `password = <token>`. */
const as = (password: string) => ({ username: 'terraform', password });
const address = (stackId: string) => `/api/state/${stackId}`;
const lockAddress = (stackId: string) => `/api/state/${stackId}/lock`;

const get = (stackId: string, password: string) => sendWire(port, { method: 'GET', path: address(stackId), basic: as(password) });
const post = (stackId: string, password: string, body: string, id?: string) =>
  sendWire(port, { method: 'POST', path: `${address(stackId)}${id ? `?ID=${encodeURIComponent(id)}` : ''}`, basic: as(password), body });
const lock = (stackId: string, password: string, info: string, method = 'LOCK') =>
  sendWire(port, { method, path: lockAddress(stackId), basic: as(password), body: info });
const unlock = (stackId: string, password: string, info: string, method = 'UNLOCK') =>
  sendWire(port, { method, path: lockAddress(stackId), basic: as(password), body: info });

const json = (answer: WireAnswer) => JSON.parse(answer.body.toString('utf8')) as Record<string, unknown>;

async function versions(stackId: string, token = admin.token, status?: string) {
  const res = await api.call<{ id: string; serial: number; status: string; reason: string | null; createdBy: { kind: string; id: string }; runId: string | null }>(
    'listStackStateVersions',
    { token, query: { stackId, ...(status ? { status } : {}) } },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response.items;
}

async function auditOf(stackId: string) {
  return api.database.db.select().from(auditEvents).where(and(eq(auditEvents.organizationId, admin.organizationId), like(auditEvents.entityId, `${stackId}/%`)));
}

beforeAll(async () => {
  api = await createTestApi({
    poolSize: 12,
    http: { logger: (await import('pino')).default({ level: 'error' }) },
    resolveJobToken: async (token) => jobTokens.get(token) ?? null,
  });
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  port = (api.app.server.address() as AddressInfo).port;
  admin = await signUpOrganization(api, 'state');
  member = await addMember(api, admin.organizationId, 'member');
  viewer = await addMember(api, admin.organizationId, 'viewer');
  other = await signUpOrganization(api, 'state-other');
  [adminPat, memberPat, viewerPat, otherPat] = await Promise.all([pat(admin.token), pat(member.token), pat(viewer.token), pat(other.token)]);
  namespaceId = (await createNamespace(api, admin.token)).id;
}, 60_000);
afterAll(() => api.close());

describe('Terraform HTTP backend: authentication and permission', () => {
  it('answers 204 with no body for a stack without state (never {}), and 403, never 404, for what the caller may not read', async () => {
    const stack = await newStack();
    const empty = await get(stack.id, adminPat);
    expect(empty.status).toBe(204);
    expect(empty.body.length).toBe(0);

    // Terraform reads 404 as "no state": an unknown stack, another organization's, or a role
    // without stackState:read must not look like an empty state.
    expect((await get('stk-doesnotexist000000000', adminPat)).status).toBe(403);
    expect((await get(stack.id, otherPat)).status).toBe(403);
    expect((await get(stack.id, viewerPat)).status).toBe(403);
    expect((await post(stack.id, viewerPat, stateFile({ serial: 1, lineage: randomUUID() }))).status).toBe(403);

    // No credentials (an empty `username` makes Terraform send none), a wrong token, a session
    // token (a browser session does not belong in a Terraform configuration): 401.
    expect((await sendWire(port, { method: 'GET', path: address(stack.id), basic: { username: '', password: adminPat } })).status).toBe(401);
    expect((await get(stack.id, 'tpa_not-a-token')).status).toBe(401);
    expect((await get(stack.id, admin.token)).status).toBe(401);
    expect((await get(stack.id, 'job-token-nobody-knows')).status).toBe(401);
    // Any non-empty user name; a bearer token works as well.
    expect((await sendWire(port, { method: 'GET', path: address(stack.id), basic: { username: 'x', password: adminPat } })).status).toBe(204);
    expect((await sendWire(port, { method: 'GET', path: address(stack.id), headers: { Authorization: `Bearer ${memberPat}` } })).status).toBe(204);
  });
});

describe('Terraform HTTP backend: the CLI’s request sequences', () => {
  it('replays terraform init, plan and apply: GET, LOCK with LockInfo, GET, POST ?ID=, UNLOCK with the same LockInfo', async () => {
    const stack = await newStack();
    const lineage = randomUUID();
    // terraform init: reads the state (none yet).
    expect((await get(stack.id, memberPat)).status).toBe(204);
    // terraform apply: lock, read, write with the lock's ID, unlock with the LockInfo it locked with.
    const info = lockInfo({ Who: 'member@laptop' });
    const id = (JSON.parse(info) as { ID: string }).ID;
    const locked = await lock(stack.id, memberPat, info);
    expect(locked.status).toBe(200);
    expect((await get(stack.id, memberPat)).status).toBe(204);
    const state = stateFile({
      serial: 1,
      lineage,
      outputs: {
        url: { value: 'https://app.example.test', type: 'string' },
        ports: { value: [80, 443], type: ['list', 'number'] },
        db_password: { value: 'hunter2-very-secret', type: 'string', sensitive: true },
      },
      resources: [managedResource('web', 2), { mode: 'data', type: 'x', name: 'y', instances: [{}] }],
    });
    const written = await post(stack.id, memberPat, state, id);
    expect(written.status, written.body.toString()).toBe(200);
    expect((await unlock(stack.id, memberPat, info)).status).toBe(200);

    // The next init reads exactly what was written, with its Content-MD5.
    const read = await get(stack.id, memberPat);
    expect(read.status).toBe(200);
    expect(read.headers['content-type']).toMatch(/^application\/json/);
    expect(read.body.toString('utf8')).toBe(state);
    expect(read.headers['content-md5']).toBe(createHash('md5').update(state).digest('base64'));
    expect(read.headers['cache-control']).toBe('no-store');

    const [version] = await versions(stack.id);
    expect(version).toMatchObject({ serial: 1, lineage, status: 'current', resourceCount: 2, terraformVersion: '1.14.9', createdBy: { kind: 'user', id: member.userId } });

    // Stored sealed: neither the table nor the audit log holds the state's secrets.
    const [sealed] = await api.database.db.select().from(stateVersionContents).where(eq(stateVersionContents.stateVersionId, (version as { id: string }).id));
    expect(sealed?.sealed.includes(Buffer.from('hunter2'))).toBe(false);
    expect(sealed?.sealed.includes(Buffer.from('app.example.test'))).toBe(false);
    const audit = await auditOf(stack.id);
    expect(audit.map((e) => e.action).sort()).toEqual(['create', 'lock', 'readSecret', 'unlock']);
    expect(JSON.stringify(audit)).not.toContain('hunter2');
    expect(audit.every((e) => e.initiatorUserId === member.userId && e.entityName === stack.name)).toBe(true);
  });

  it('keeps one state per terragrunt unit: its own versions, lock, serial and lineage, apart from the stack root', async () => {
    const stack = await newStack();
    const unitAddress = (unit: string) => `${address(stack.id)}/unit/${encodeURIComponent(unit)}`;
    const unitGet = (unit: string) => sendWire(port, { method: 'GET', path: unitAddress(unit), basic: as(memberPat) });
    const unitPost = (unit: string, body: string, id: string) => sendWire(port, { method: 'POST', path: `${unitAddress(unit)}?ID=${encodeURIComponent(id)}`, basic: as(memberPat), body });
    const unitLock = (unit: string, info: string, method = 'LOCK') => sendWire(port, { method, path: `${unitAddress(unit)}/lock`, basic: as(memberPat), body: info });
    // Two units, each locked and written with a lineage of its own; the root has no state.
    for (const [unit, serial] of [['prod/vpc', 3], ['prod/app', 1]] as const) {
      expect((await unitGet(unit)).status).toBe(204);
      const info = lockInfo({ Who: `terragrunt ${unit}` });
      const id = (JSON.parse(info) as { ID: string }).ID;
      expect((await unitLock(unit, info)).status).toBe(200);
      const written = await unitPost(unit, stateFile({ serial, lineage: randomUUID(), resources: [managedResource(unit.replace('/', '-'), 1)] }), id);
      expect(written.status, written.body.toString()).toBe(200);
      // The other unit's lock and the root's are not this one: both stay free.
      const rootInfo = lockInfo();
      expect((await lock(stack.id, memberPat, rootInfo)).status).toBe(200);
      expect((await unlock(stack.id, memberPat, rootInfo)).status).toBe(200);
      expect((await unitLock(unit, info, 'UNLOCK')).status).toBe(200);
    }
    // The units the console offers for their history: those with a state of their own (not the root), by unit.
    const units = await api.call<{ unit: string; serial: number | null }>('listStackStateUnits', { token: member.token, query: { stackId: stack.id } });
    expect(units.status, JSON.stringify(units.body)).toBe(200);
    expect(units.body.response.items).toEqual([{ unit: 'prod/app', serial: 1 }, { unit: 'prod/vpc', serial: 3 }]);
    expect((await api.call('listStackStateUnits', { token: viewer.token, query: { stackId: stack.id } })).status).toBe(403);
    expect((await api.call('listStackStateUnits', { token: other.token, query: { stackId: stack.id } })).status).toBe(404);
    expect((await get(stack.id, memberPat)).status).toBe(204);
    expect(JSON.parse((await unitGet('prod/vpc')).body.toString('utf8'))).toMatchObject({ serial: 3 });
    expect(JSON.parse((await unitGet('prod/app')).body.toString('utf8'))).toMatchObject({ serial: 1 });
    // A unit is a directory relative to the stack's: nothing else.
    expect((await unitGet('../other')).status).toBe(400);
    // The console's list is the root's versions.
    expect(await versions(stack.id)).toEqual([]);
    const rows = await api.database.db.select({ unit: stateVersions.unit, status: stateVersions.status }).from(stateVersions).where(eq(stateVersions.stackId, stack.id));
    expect(rows.map((r) => `${r.unit}:${r.status}`).sort()).toEqual(['prod/app:current', 'prod/vpc:current']);
    // A unit's own history, and its rollback goes back into the unit's state (the next serial of the unit's).
    const unitVersions = await api.call<{ id: string; serial: number; unit?: string }>('listStackStateVersions', { token: admin.token, query: { stackId: stack.id, unit: 'prod/vpc' } });
    expect(unitVersions.body.response.items.map((v) => [v.unit, v.serial])).toEqual([['prod/vpc', 3]]);
    const rolled = await api.call<{ serial: number; unit?: string }>('rollbackStackState', {
      token: admin.token,
      entity: { stackId: stack.id, stateVersionId: unitVersions.body.response.items[0]?.id },
    });
    expect(rolled.status, JSON.stringify(rolled.body)).toBe(200);
    expect(rolled.body.response.items[0]).toMatchObject({ unit: 'prod/vpc', serial: 4 });
    expect(JSON.parse((await unitGet('prod/vpc')).body.toString('utf8'))).toMatchObject({ serial: 4 });
    expect((await get(stack.id, memberPat)).status).toBe(204);
    const current = await api.call<{ serial: number }>('getStackStateVersionContent', { token: admin.token, query: { stackId: stack.id, unit: 'prod/app' } });
    expect(current.body.response.items[0]).toMatchObject({ serial: 1 });
  });

  it('takes the same lock by LOCK and by POST …/lock; LOCK is idempotent for the same ID; another ID gets 423 with the holder’s LockInfo', async () => {
    const stack = await newStack();
    const first = lockInfo();
    expect((await lock(stack.id, memberPat, first)).status).toBe(200);
    // go-retryablehttp retries a LOCK whose answer was lost: the same ID by the same holder is fine.
    expect((await lock(stack.id, memberPat, first)).status).toBe(200);
    expect((await lock(stack.id, memberPat, first, 'POST')).status).toBe(200);
    // Another ID, by LOCK or by POST (lock_method = "POST"): 423 with the LockInfo that holds it.
    for (const method of ['LOCK', 'POST']) {
      const refused = await lock(stack.id, adminPat, lockInfo({ Who: 'admin@ci' }), method);
      expect(refused.status).toBe(423);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
      expect(json(refused)).toEqual(JSON.parse(first));
    }
    // The same ID from somebody else is not a retry.
    expect((await lock(stack.id, adminPat, first)).status).toBe(423);
    // Unlock with another ID, by UNLOCK or DELETE (unlock_method = "DELETE"): refused, the lock stays.
    for (const method of ['UNLOCK', 'DELETE']) {
      const refused = await unlock(stack.id, memberPat, lockInfo(), method);
      expect(refused.status).toBe(423);
      expect(json(refused)).toMatchObject({ ID: (JSON.parse(first) as { ID: string }).ID });
    }
    expect((await unlock(stack.id, memberPat, first, 'DELETE')).status).toBe(200);
    // A retried UNLOCK (its answer lost) finds nothing to do.
    expect((await unlock(stack.id, memberPat, first)).status).toBe(200);
    expect((await lock(stack.id, adminPat, lockInfo())).status).toBe(200);
    // A LOCK without a LockInfo, or with something else, is refused with 400.
    expect((await sendWire(port, { method: 'LOCK', path: lockAddress(stack.id), basic: as(adminPat), body: '' })).status).toBe(400);
    expect((await lock(stack.id, adminPat, '{"ID":')).status).toBe(400);
    expect((await lock(stack.id, adminPat, '[1]')).status).toBe(400);
  });

  it('refuses writes that ignore the lock, change the lineage or go back in serial, and keeps every refused write quarantined', async () => {
    const stack = await newStack();
    const lineage = randomUUID();
    const info = lockInfo();
    const id = (JSON.parse(info) as { ID: string }).ID;
    expect((await post(stack.id, adminPat, stateFile({ serial: 1, lineage }))).status).toBe(200);
    expect((await lock(stack.id, memberPat, info)).status).toBe(200);

    // While locked: a write without the lock's ID, or with another, is refused with the lock.
    const noId = await post(stack.id, adminPat, stateFile({ serial: 2, lineage }));
    expect(noId.status).toBe(423);
    expect(json(noId)).toMatchObject({ ID: id });
    expect((await post(stack.id, adminPat, stateFile({ serial: 2, lineage }), randomUUID())).status).toBe(423);
    // With the lock's ID it is stored.
    const two = stateFile({ serial: 2, lineage });
    expect((await post(stack.id, memberPat, two, id)).status).toBe(200);
    // A retried write (same serial, same bytes) changes nothing.
    expect((await post(stack.id, memberPat, two, id)).status).toBe(200);
    // An older serial, another lineage, or other content under the current serial: 409.
    for (const [state, words] of [
      [stateFile({ serial: 1, lineage }), /serial 1 is lower than the current serial 2/],
      [stateFile({ serial: 3, lineage: randomUUID() }), /lineage .* is not the stack's/],
      [stateFile({ serial: 2, lineage, terraformVersion: '1.15.0' }), /serial 2 is the current serial but its content differs/],
    ] as const) {
      const refused = await post(stack.id, memberPat, state, id);
      expect(refused.status).toBe(409);
      expect(json(refused)).toMatchObject({ response: { errors: [{ code: 'conflict', message: expect.stringMatching(words) }] } });
    }
    expect((await unlock(stack.id, memberPat, info)).status).toBe(200);
    // The lock is gone (force-unlocked, say): a write naming it is refused.
    expect((await post(stack.id, memberPat, stateFile({ serial: 3, lineage }), id)).status).toBe(409);

    const all = await versions(stack.id);
    expect(all.map((v) => `${v.serial}:${v.status}`)).toEqual(['3:quarantined', '2:quarantined', '3:quarantined', '1:quarantined', '2:current', '2:quarantined', '2:quarantined', '1:superseded']);
    expect((await versions(stack.id, admin.token, 'quarantined')).every((v) => /quarantined version/.test(v.reason ?? ''))).toBe(true);
    // The current state is still serial 2, byte for byte.
    expect((await get(stack.id, memberPat)).body.toString()).toBe(two);
    expect((await auditOf(stack.id)).filter((e) => e.action === 'quarantine')).toHaveLength(6);
  });

  it('refuses what is not a state, and a body that does not match its Content-MD5, without storing anything', async () => {
    const stack = await newStack();
    for (const body of ['{}', 'not json', '[]', '{"version":4,"serial":-1,"lineage":"x"}', '{"version":4,"serial":1,"lineage":""}']) {
      const refused = await post(stack.id, adminPat, body);
      expect(refused.status, body).toBe(400);
      expect(json(refused)).toMatchObject({ request: { id: expect.any(String) }, response: { errors: [{ code: 'bad_request' }] } });
    }
    const tampered = await sendWire(port, {
      method: 'POST',
      path: address(stack.id),
      basic: as(adminPat),
      body: stateFile({ serial: 1, lineage: randomUUID() }),
      headers: { 'Content-Md5': createHash('md5').update('something else').digest('base64') },
    });
    expect(tampered.status).toBe(400);
    expect(await versions(stack.id)).toEqual([]);
  });

  it('force-unlocks as terraform (empty JSON body), OpenTofu 1.6–1.9 (no body) and OpenTofu ≥ 1.10 (the ID alone), with its own permission', async () => {
    const stack = await newStack();
    const take = async () => {
      const info = lockInfo({ Who: 'ci@runner' });
      expect((await lock(stack.id, adminPat, info)).status).toBe(200);
      return (JSON.parse(info) as { ID: string }).ID;
    };
    const lockHeld = async () => (await api.database.db.select().from(stateLocks).where(eq(stateLocks.stackId, stack.id))).length === 1;

    // terraform force-unlock: UNLOCK with an empty body labelled application/json (its Content-MD5
    // is the empty body's), never the ID.
    const terraformForce = (password: string) =>
      sendWire(port, { method: 'UNLOCK', path: lockAddress(stack.id), basic: as(password), body: '' });
    // OpenTofu 1.6–1.9: no body and no content type at all.
    const tofuForce = (password: string) => sendWire(port, { method: 'UNLOCK', path: lockAddress(stack.id), basic: as(password) });
    // The same with an empty Content-MD5 header, as some clients send it.
    const emptyMd5 = (password: string) =>
      sendWire(port, { method: 'UNLOCK', path: lockAddress(stack.id), basic: as(password), headers: { 'Content-Type': 'application/json', 'Content-Md5': '' } });

    await take();
    // A member may write state but not release somebody else's lock without its ID.
    expect((await terraformForce(memberPat)).status).toBe(403);
    expect((await tofuForce(memberPat)).status).toBe(403);
    expect(await lockHeld()).toBe(true);
    expect((await terraformForce(adminPat)).status).toBe(200);
    expect(await lockHeld()).toBe(false);
    await take();
    expect((await tofuForce(adminPat)).status).toBe(200);
    expect(await lockHeld()).toBe(false);
    await take();
    expect((await emptyMd5(adminPat)).status).toBe(200);
    expect(await lockHeld()).toBe(false);
    // OpenTofu ≥ 1.10 sends the ID it was given: an unlock by ID, which a member may do.
    const id = await take();
    expect((await unlock(stack.id, memberPat, JSON.stringify({ ID: randomUUID() }))).status).toBe(423);
    expect((await unlock(stack.id, memberPat, JSON.stringify({ ID: id }))).status).toBe(200);
    expect(await lockHeld()).toBe(false);
    // Nothing locked: a force-unlock has nothing to do.
    expect((await terraformForce(adminPat)).status).toBe(200);

    const audit = await auditOf(stack.id);
    expect(audit.filter((e) => e.action === 'forceUnlock')).toHaveLength(3);
    expect(audit.filter((e) => e.action === 'unlock' && e.initiatorUserId === member.userId)).toHaveLength(1);
  });
});

describe('Terraform HTTP backend: job tokens', () => {
  it('lets a job use its own stack only, write only under its lock, and records the job and run on the version', async () => {
    const stack = await newStack();
    const elsewhere = await newStack();
    const token = `job_${randomUUID()}`;
    jobTokens.set(token, { organizationId: admin.organizationId, stackId: stack.id, jobId: 'job-test0001', runId: 'dep-test0001' });
    const lineage = randomUUID();
    expect((await get(stack.id, token)).status).toBe(204);
    expect((await get(elsewhere.id, token)).status).toBe(403);
    expect((await lock(elsewhere.id, token, lockInfo())).status).toBe(403);
    // A job must lock before it writes.
    expect((await post(stack.id, token, stateFile({ serial: 1, lineage }))).status).toBe(409);
    const info = lockInfo({ Who: 'runner@job' });
    expect((await lock(stack.id, token, info)).status).toBe(200);
    expect((await post(stack.id, token, stateFile({ serial: 1, lineage }), (JSON.parse(info) as { ID: string }).ID)).status).toBe(200);
    // A job cannot force-unlock.
    expect((await sendWire(port, { method: 'UNLOCK', path: lockAddress(stack.id), basic: as(token), body: '' })).status).toBe(403);
    expect((await unlock(stack.id, token, info)).status).toBe(200);
    const current = (await versions(stack.id, admin.token, 'current'))[0];
    expect(current).toMatchObject({ createdBy: { kind: 'job', id: 'job-test0001' }, runId: 'dep-test0001' });
    const audit = await auditOf(stack.id);
    expect(audit.every((e) => e.initiatorType === 'system' && e.initiatorName === 'job job-test0001')).toBe(true);
    // A token the resolver no longer knows (the job ended, or a new attempt superseded it): 401.
    jobTokens.delete(token);
    expect((await get(stack.id, token)).status).toBe(401);
  });
});

describe('Terraform HTTP backend: concurrency', () => {
  it('lets exactly one of many LOCKs sent at the same moment win, every time', async () => {
    for (let round = 0; round < 8; round++) {
      const stack = await newStack();
      const contenders = Array.from({ length: 6 }, (_, i) => lockInfo({ Who: `contender-${i}` }));
      const answers = await Promise.all(contenders.map((info, i) => lock(stack.id, i % 2 ? memberPat : adminPat, info, i % 3 ? 'LOCK' : 'POST')));
      const winners = answers.filter((a) => a.status === 200);
      expect(winners, `round ${round}: ${answers.map((a) => a.status).join(',')}`).toHaveLength(1);
      expect(answers.filter((a) => a.status === 423)).toHaveLength(5);
      const winner = contenders[answers.indexOf(winners[0] as WireAnswer)] as string;
      // Every loser was told who holds it.
      for (const loser of answers.filter((a) => a.status === 423)) expect(json(loser)).toEqual(JSON.parse(winner));
    }
  }, 60_000);

  it('keeps one current version when writes race, with serials in order', async () => {
    const stack = await newStack();
    const lineage = randomUUID();
    await Promise.all(Array.from({ length: 8 }, (_, i) => post(stack.id, adminPat, stateFile({ serial: i + 1, lineage }))));
    const all = await versions(stack.id);
    expect(all.filter((v) => v.status === 'current')).toHaveLength(1);
    const stored = all.filter((v) => v.status !== 'quarantined').map((v) => v.serial);
    // Newest first: the accepted serials only ever went up.
    expect([...stored].sort((a, b) => b - a)).toEqual(stored);
    expect(all.find((v) => v.status === 'current')?.serial).toBe(Math.max(...all.map((v) => v.serial)));
    const rows = await api.database.db.select().from(stateVersions).where(eq(stateVersions.stackId, stack.id));
    expect(rows).toHaveLength(8);
  });
});
