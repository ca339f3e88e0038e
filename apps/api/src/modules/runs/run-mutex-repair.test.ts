import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startVcsHostStandIn, type VcsHostStandIn } from '@terrace/vcs-hosts/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stacks } from '../stacks/stacks.schema';
import { createNamespace, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { repairRunMutexes } from './run-mutex-repair';
import { runs } from './runs.schema';

// The mutex repair on the real server and PostgreSQL: the two invariants of design §5.2 broken
// behind the runs module's back (as a bug would), then restored by the sweep.

const hostToken = `ghp_${randomBytes(8).toString('hex')}`;
let api: TestApi;
let admin: SignedUp;
let standIn: VcsHostStandIn;
let workRoot: string;
let providerId: string;
let namespaceId: string;

beforeAll(async () => {
  standIn = await startVcsHostStandIn({
    token: hostToken,
    repositories: [{ owner: 'acme', name: 'infra', defaultBranch: 'main', branches: [{ name: 'main', commit: 'a'.repeat(40) }], httpUrl: 'http://git.example.test/acme/infra.git' }],
  });
  workRoot = await mkdtemp(join(tmpdir(), 'terrace-mutex-test-'));
  api = await createTestApi({ vcs: { endpoints: standIn.endpoints, gitWorkRoot: workRoot } });
  admin = await signUpOrganization(api, 'mutex-repair');
  namespaceId = (await createNamespace(api, admin.token)).id;
  const provider = await api.call<{ id: string }>('createVcsProvider', {
    token: admin.token,
    entity: { type: 'github', name: `gh-${randomBytes(3).toString('hex')}`, authType: 'token', gitCloneType: 'http', githubMetadata: { orgName: 'acme' }, credentials: { token: hostToken } },
  });
  expect(provider.status, JSON.stringify(provider.body)).toBe(200);
  providerId = (provider.body.response.items[0] as { id: string }).id;
}, 60_000);

afterAll(async () => {
  await api.close();
  await standIn.close();
  await rm(workRoot, { recursive: true, force: true });
});

async function createStack(): Promise<string> {
  const stack = {
    name: `stack-${randomBytes(4).toString('hex')}`,
    namespaceId,
    iacType: 'terraform',
    data: { vcsInfo: { providerId, repoName: 'infra', branch: 'main', path: 'envs/prod' } },
  };
  const res = await api.call<{ id: string }>('createStack', { token: admin.token, entity: { stack } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.response.items[0] as { id: string }).id;
}

async function deploy(stackId: string): Promise<{ id: string; status: string }> {
  const res = await api.call<{ id: string; status: string }>('createDeployment', { token: admin.token, entity: { stackId } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response.items[0] as { id: string; status: string };
}

const holder = async (stackId: string) => (await api.database.db.select({ id: stacks.activeRunId }).from(stacks).where(eq(stacks.id, stackId)))[0]?.id;
const statusOf = async (runId: string) => (await api.database.db.select({ status: runs.status }).from(runs).where(eq(runs.id, runId)))[0]?.status;

describe('run mutex repair', () => {
  it('leaves consistent stacks alone', async () => {
    const stackId = await createStack();
    const first = await deploy(stackId);
    const second = await deploy(stackId);
    expect(await holder(stackId)).toBe(first.id);
    await repairRunMutexes(api.runs);
    expect(await holder(stackId)).toBe(first.id);
    expect(await statusOf(second.id)).toBe('notStarted');
  });

  it('releases a mutex held by a run that has ended, to the next waiting run', async () => {
    const stackId = await createStack();
    const first = await deploy(stackId);
    const second = await deploy(stackId);
    // A bug ends the holder without handing the mutex over.
    await api.database.db.update(runs).set({ status: 'failed' }).where(eq(runs.id, first.id));
    const repairs = await repairRunMutexes(api.runs);
    expect(repairs.released).toBeGreaterThanOrEqual(1);
    expect(await holder(stackId)).toBe(second.id);
    expect(await statusOf(second.id)).toBe('queued');
  });

  it('gives a free stack to its next waiting run, and frees a stack whose holder is gone', async () => {
    const stackId = await createStack();
    const first = await deploy(stackId);
    const second = await deploy(stackId);
    await api.database.db.update(runs).set({ status: 'failed' }).where(eq(runs.id, first.id));
    await api.database.db.update(stacks).set({ activeRunId: null }).where(eq(stacks.id, stackId));
    const repairs = await repairRunMutexes(api.runs);
    expect(repairs.promoted).toBeGreaterThanOrEqual(1);
    expect(await holder(stackId)).toBe(second.id);
    expect(await statusOf(second.id)).toBe('queued');

    const lonely = await createStack();
    const only = await deploy(lonely);
    await api.database.db.delete(runs).where(eq(runs.id, only.id));
    await repairRunMutexes(api.runs);
    expect(await holder(lonely)).toBeNull();
  });
});
