import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createCustomRole, createProgrammaticToken, createProgrammaticUser } from '../../testing/iam-factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { programmaticUserTokens } from './programmatic-users.schema';

type ProgrammaticUser = { id: string; name: string; description: string | null; orgRole: string; customRoleId: string | null };
type Token = { id: string; name: string; expiresAt: string | null; lastUsedAt: string | null; revokedAt: string | null; token?: string };

let api: TestApi;
let admin: SignedUp;

beforeAll(async () => {
  api = await createTestApi();
  admin = await signUpOrganization(api, 'robots');
});
afterAll(() => api.close());

describe('programmatic users', () => {
  it('creates, reads, lists, updates partially and deletes one', async () => {
    const created = await api.call<ProgrammaticUser>('createProgrammaticUser', {
      token: admin.token,
      entity: { name: 'ci-bot', description: 'Deploys from CI', orgRole: 'deployer' },
    });
    expect(created.status).toBe(200);
    const robot = created.body.response.items[0] as ProgrammaticUser;
    expect(robot.id).toMatch(/^pu-[a-z0-9]+$/);
    expect(robot).toMatchObject({ name: 'ci-bot', description: 'Deploys from CI', orgRole: 'deployer', customRoleId: null });

    const read = await api.call<ProgrammaticUser>('getProgrammaticUser', { token: admin.token, params: { programmaticUserId: robot.id } });
    expect(read.body.response.items).toEqual([robot]);
    const byName = await api.call<ProgrammaticUser>('listProgrammaticUsers', { token: admin.token, query: { programmaticUserName: 'ci-bot' } });
    expect(byName.body.response.items.map((r) => r.id)).toEqual([robot.id]);

    const role = await createCustomRole(api, admin.token, { type: 'organizationRole' });
    const updated = await api.call<ProgrammaticUser>('updateProgrammaticUser', {
      token: admin.token,
      params: { programmaticUserId: robot.id },
      entity: { orgRole: 'custom', customRoleId: role.id, description: null },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.response.items[0]).toMatchObject({ name: 'ci-bot', orgRole: 'custom', customRoleId: role.id, description: null });
    const back = await api.call<ProgrammaticUser>('updateProgrammaticUser', {
      token: admin.token,
      params: { programmaticUserId: robot.id },
      entity: { orgRole: 'viewer' },
    });
    expect(back.body.response.items[0]).toMatchObject({ orgRole: 'viewer', customRoleId: null });

    const deleted = await api.call('deleteProgrammaticUser', { token: admin.token, params: { programmaticUserId: robot.id } });
    expect(deleted.status).toBe(200);
    expect((await api.call('getProgrammaticUser', { token: admin.token, params: { programmaticUserId: robot.id } })).status).toBe(404);
  });

  it('validates names and roles with the field in error', async () => {
    const robot = await createProgrammaticUser(api, admin.token);
    const duplicate = await api.call('createProgrammaticUser', { token: admin.token, entity: { name: robot.name, orgRole: 'viewer' } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.response.errors[0]).toMatchObject({ code: 'already_exist', field: 'entity.name' });

    const badRole = await api.call('createProgrammaticUser', { token: admin.token, entity: { name: 'x', orgRole: 'superuser' } });
    expect(badRole.body.response.errors[0]).toMatchObject({ code: 'validation_error', field: 'entity.orgRole' });
    const customWithout = await api.call('createProgrammaticUser', { token: admin.token, entity: { name: 'x', orgRole: 'custom' } });
    expect(customWithout.body.response.errors[0]).toMatchObject({ code: 'validation_error', field: 'entity.customRoleId' });
    const namespaceRole = await createCustomRole(api, admin.token, { type: 'namespaceRole' });
    const wrongType = await api.call('createProgrammaticUser', {
      token: admin.token,
      entity: { name: 'x', orgRole: 'custom', customRoleId: namespaceRole.id },
    });
    expect(wrongType.body.response.errors[0]).toMatchObject({ code: 'validation_error', field: 'entity.customRoleId' });
    const stray = await api.call('createProgrammaticUser', {
      token: admin.token,
      entity: { name: 'x', orgRole: 'viewer', customRoleId: namespaceRole.id },
    });
    expect(stray.body.response.errors[0]).toMatchObject({ code: 'validation_error', field: 'entity.customRoleId' });
    const stranger = await signUpOrganization(api, 'robots-role');
    const theirRole = await createCustomRole(api, stranger.token, { type: 'organizationRole' });
    const foreign = await api.call('createProgrammaticUser', { token: admin.token, entity: { name: 'x', orgRole: 'custom', customRoleId: theirRole.id } });
    expect(foreign.body.response.errors[0]).toMatchObject({ code: 'validation_error', field: 'entity.customRoleId' });
  });

  it('answers not_found across organizations, and lets viewers only read', async () => {
    const stranger = await signUpOrganization(api, 'robots-other');
    const theirs = await createProgrammaticUser(api, stranger.token);
    const theirToken = await createProgrammaticToken(api, stranger.token, theirs.id);
    const params = { programmaticUserId: theirs.id };
    for (const res of [
      await api.call('getProgrammaticUser', { token: admin.token, params }),
      await api.call('updateProgrammaticUser', { token: admin.token, params, entity: { description: 'x' } }),
      await api.call('deleteProgrammaticUser', { token: admin.token, params }),
      await api.call('listProgrammaticUserTokens', { token: admin.token, params }),
      await api.call('createProgrammaticUserToken', { token: admin.token, params, entity: { name: 'steal' } }),
      await api.call('revokeProgrammaticUserToken', { token: admin.token, params: { ...params, tokenId: theirToken.id } }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.response.errors[0]?.code).toBe('not_found');
    }
    // Their token still works: nothing above touched it.
    expect((await api.call('getOrganization', { token: theirToken.token })).status).toBe(200);

    const mine = await createProgrammaticUser(api, admin.token);
    const myToken = await createProgrammaticToken(api, admin.token, mine.id);
    const viewer = await addMember(api, admin.organizationId, 'viewer');
    const own = { programmaticUserId: mine.id };
    expect((await api.call('listProgrammaticUserTokens', { token: viewer.token, params: own })).status).toBe(200);
    for (const res of [
      await api.call('createProgrammaticUser', { token: viewer.token, entity: { name: 'v', orgRole: 'admin' } }),
      await api.call('updateProgrammaticUser', { token: viewer.token, params: own, entity: { orgRole: 'admin' } }),
      await api.call('deleteProgrammaticUser', { token: viewer.token, params: own }),
      await api.call('createProgrammaticUserToken', { token: viewer.token, params: own, entity: { name: 'v' } }),
      await api.call('revokeProgrammaticUserToken', { token: viewer.token, params: { ...own, tokenId: myToken.id } }),
    ]) {
      expect(res.status).toBe(403);
    }
  });
});

describe('programmatic tokens', () => {
  it('shows the secret once, stores only its hash, and lists tokens without it', async () => {
    const robot = await createProgrammaticUser(api, admin.token);
    const res = await api.call<Token>('createProgrammaticUserToken', {
      token: admin.token,
      params: { programmaticUserId: robot.id },
      entity: { name: 'pipeline', expiresInDays: 30 },
    });
    expect(res.status).toBe(200);
    const created = res.body.response.items[0] as Token & { token: string };
    expect(created.token).toMatch(/^tpu_[A-Za-z0-9_-]{40,}$/);
    expect(created.id).toMatch(/^pat-/);
    const days = (Date.parse(created.expiresAt ?? '') - Date.now()) / (24 * 3600 * 1000);
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);

    const list = await api.call<Token>('listProgrammaticUserTokens', { token: admin.token, params: { programmaticUserId: robot.id } });
    expect(list.body.response.items.map((t) => t.id)).toEqual([created.id]);
    expect(JSON.stringify(list.body)).not.toContain(created.token);
    expect(list.body.response.items[0]).not.toHaveProperty('token');

    const [row] = await api.database.db.select().from(programmaticUserTokens).where(eq(programmaticUserTokens.id, created.id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(created.token);
  });

  it('authenticates as the programmatic user with its role, until revoked', async () => {
    const robot = await createProgrammaticUser(api, admin.token, { orgRole: 'viewer' });
    const { token, id } = await createProgrammaticToken(api, admin.token, robot.id);

    // A viewer reads organization objects but changes nothing.
    expect((await api.call('listTeams', { token })).status).toBe(200);
    expect((await api.call('getOrganization', { token })).status).toBe(200);
    const write = await api.call('createTeam', { token, entity: { name: 'by-robot' } });
    expect(write.status).toBe(403);

    const listed = await api.call<Token>('listProgrammaticUserTokens', { token: admin.token, params: { programmaticUserId: robot.id } });
    expect(listed.body.response.items[0]?.lastUsedAt).not.toBeNull();

    const revoked = await api.call<Token>('revokeProgrammaticUserToken', {
      token: admin.token,
      params: { programmaticUserId: robot.id, tokenId: id },
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.response.items[0]?.revokedAt).not.toBeNull();
    const after = await api.call('listTeams', { token });
    expect(after.status).toBe(401);
    expect(after.body.response.errors[0]?.code).toBe('unauthorized');
    const twice = await api.call('revokeProgrammaticUserToken', { token: admin.token, params: { programmaticUserId: robot.id, tokenId: id } });
    expect(twice.status).toBe(404);
    const live = await api.call<Token>('listProgrammaticUserTokens', { token: admin.token, params: { programmaticUserId: robot.id } });
    expect(live.body.response.items).toEqual([]);
  });

  it('acts in the audit log as the programmatic user, and admin tokens can manage', async () => {
    const org = await signUpOrganization(api, 'robots-audit');
    const robot = await createProgrammaticUser(api, org.token, { name: 'terraform-cloud', orgRole: 'admin' });
    const { token } = await createProgrammaticToken(api, org.token, robot.id);
    const team = await api.call<{ id: string }>('createTeam', { token, entity: { name: 'made-by-robot' } });
    expect(team.status).toBe(200);
    const audit = await api.call<{ entityType: string; action: string; initiator: { userName: string; userType: string; userId: string } }>(
      'listAuditEvents',
      { token: org.token, query: { entityType: 'team' } },
    );
    expect(audit.body.response.items[0]?.initiator).toMatchObject({ userName: 'terraform-cloud', userType: 'programmaticUser', userId: robot.id });

    const all = await api.call<{ entityId: string; action: string }>('listAuditEvents', { token: org.token, query: { entityType: 'programmaticUser' } });
    expect(all.body.response.items.map((e) => [e.entityId, e.action])).toEqual([
      [robot.id, 'update'],
      [robot.id, 'create'],
    ]);
  });

  it('refuses expired tokens, tokens of a deleted programmatic user, and bad input', async () => {
    const robot = await createProgrammaticUser(api, admin.token);
    const expiring = await createProgrammaticToken(api, admin.token, robot.id, { expiresInDays: 1 });
    await api.database.db
      .update(programmaticUserTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(programmaticUserTokens.id, expiring.id));
    expect((await api.call('listTeams', { token: expiring.token })).status).toBe(401);

    const forever = await createProgrammaticToken(api, admin.token, robot.id);
    expect(forever.expiresAt).toBeNull();
    expect((await api.call('listTeams', { token: forever.token })).status).toBe(200);
    await api.call('deleteProgrammaticUser', { token: admin.token, params: { programmaticUserId: robot.id } });
    expect((await api.call('listTeams', { token: forever.token })).status).toBe(401);

    const other = await createProgrammaticUser(api, admin.token);
    const params = { programmaticUserId: other.id };
    const tooLong = await api.call('createProgrammaticUserToken', { token: admin.token, params, entity: { name: 't', expiresInDays: 100000 } });
    expect(tooLong.body.response.errors[0]).toMatchObject({ code: 'validation_error', field: 'entity.expiresInDays' });
    const blank = await api.call('createProgrammaticUserToken', { token: admin.token, params, entity: { name: '  ' } });
    expect(blank.body.response.errors[0]).toMatchObject({ code: 'validation_error', field: 'entity.name' });
    expect((await api.call('listTeams', { token: 'tpu_not-a-real-token' })).status).toBe(401);
  });

  it('limits the rate of token creation', async () => {
    const limited = await createTestApi({ http: { rateLimit: { max: 2, windowMs: 60_000 } } });
    try {
      const robot = await createProgrammaticUser(api, admin.token);
      const params = { programmaticUserId: robot.id };
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await limited.call('createProgrammaticUserToken', { token: admin.token, params, entity: { name: `t${i}` } })).status);
      }
      expect(statuses).toEqual([200, 200, 429]);
      // Reads are not limited.
      expect((await limited.call('listProgrammaticUserTokens', { token: admin.token, params })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
