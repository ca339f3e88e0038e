import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createTeam } from '../../testing/iam-factories';
import { createTestApi, type TestApi } from '../../testing/test-api';

type Team = { id: string; name: string; description: string | null; customIdpId: string | null };
type TeamUser = { teamId: string; email: string };

let api: TestApi;
let admin: SignedUp;

beforeAll(async () => {
  api = await createTestApi();
  admin = await signUpOrganization(api, 'teams');
});
afterAll(() => api.close());

describe('teams', () => {
  it('creates, reads, lists, updates partially and deletes a team', async () => {
    const created = await api.call<Team>('createTeam', {
      token: admin.token,
      entity: { name: ' Platform ', description: 'Owns the platform', customIdpId: 'okta-platform' },
    });
    expect(created.status).toBe(200);
    const team = created.body.response.items[0] as Team;
    expect(team).toMatchObject({ name: 'Platform', description: 'Owns the platform', customIdpId: 'okta-platform' });
    expect(team.id).toMatch(/^team-[a-z0-9]+$/);

    const read = await api.call<Team>('getTeam', { token: admin.token, params: { teamId: team.id } });
    expect(read.body.response.items).toEqual([team]);

    const byName = await api.call<Team>('listTeams', { token: admin.token, query: { teamName: 'Platform' } });
    expect(byName.body.response.items.map((t) => t.id)).toEqual([team.id]);
    expect(byName.body.response.paging?.total).toBe(1);

    const updated = await api.call<Team>('updateTeam', { token: admin.token, params: { teamId: team.id }, entity: { customIdpId: null } });
    expect(updated.status).toBe(200);
    expect(updated.body.response.items[0]).toMatchObject({ name: 'Platform', description: 'Owns the platform', customIdpId: null });

    const deleted = await api.call<Team>('deleteTeam', { token: admin.token, params: { teamId: team.id } });
    expect(deleted.status).toBe(200);
    expect((await api.call('getTeam', { token: admin.token, params: { teamId: team.id } })).status).toBe(404);
  });

  it('validates names with the field in error', async () => {
    const team = await createTeam(api, admin.token);
    const duplicate = await api.call('createTeam', { token: admin.token, entity: { name: team.name } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.response.errors[0]).toMatchObject({ code: 'already_exist', field: 'entity.name' });

    const blank = await api.call('createTeam', { token: admin.token, entity: { name: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.response.errors[0]).toMatchObject({ code: 'validation_error', field: 'entity.name' });

    const missing = await api.call('createTeam', { token: admin.token, entity: { description: 'x' } });
    expect(missing.body.response.errors[0]).toMatchObject({ code: 'validation_error', field: 'entity.name' });

    const cleared = await api.call('updateTeam', { token: admin.token, params: { teamId: team.id }, entity: { name: null } });
    expect(cleared.status).toBe(400);
    expect(cleared.body.response.errors[0]?.field).toBe('entity.name');

    const other = await createTeam(api, admin.token);
    const rename = await api.call('updateTeam', { token: admin.token, params: { teamId: other.id }, entity: { name: team.name } });
    expect(rename.body.response.errors[0]).toMatchObject({ code: 'already_exist', field: 'entity.name' });
  });

  it('answers not_found for unknown ids and for another organization’s team', async () => {
    const stranger = await signUpOrganization(api, 'teams-other');
    const theirs = await createTeam(api, stranger.token);
    for (const teamId of ['team-doesnotexist0000', theirs.id]) {
      for (const operationId of ['getTeam', 'deleteTeam']) {
        const res = await api.call(operationId, { token: admin.token, params: { teamId } });
        expect(res.status, operationId).toBe(404);
        expect(res.body.response.errors[0]?.code).toBe('not_found');
      }
      const update = await api.call('updateTeam', { token: admin.token, params: { teamId }, entity: { description: 'x' } });
      expect(update.status).toBe(404);
      const join = await api.call('createTeamUser', { token: admin.token, entity: { teamId, userEmail: admin.email } });
      expect(join.status).toBe(404);
    }
    const list = await api.call<Team>('listTeams', { token: admin.token, query: { teamId: theirs.id } });
    expect(list.body.response.items).toEqual([]);
    expect((await api.call('getTeam', { token: stranger.token, params: { teamId: theirs.id } })).status).toBe(200);
  });

  it('lets viewers read but not change teams or memberships', async () => {
    const team = await createTeam(api, admin.token);
    const viewer = await addMember(api, admin.organizationId, 'viewer');
    expect((await api.call('getTeam', { token: viewer.token, params: { teamId: team.id } })).status).toBe(200);
    expect((await api.call('listTeamUsers', { token: viewer.token, query: { teamId: team.id } })).status).toBe(200);
    const writes = [
      await api.call('createTeam', { token: viewer.token, entity: { name: 'nope' } }),
      await api.call('updateTeam', { token: viewer.token, params: { teamId: team.id }, entity: { name: 'nope' } }),
      await api.call('deleteTeam', { token: viewer.token, params: { teamId: team.id } }),
      await api.call('createTeamUser', { token: viewer.token, entity: { teamId: team.id, userEmail: viewer.email } }),
    ];
    for (const res of writes) {
      expect(res.status).toBe(403);
      expect(res.body.response.errors[0]?.code).toBe('forbidden');
    }
    const member = await addMember(api, admin.organizationId, 'member');
    expect((await api.call('listTeams', { token: member.token })).status).toBe(403);
  });
});

describe('team users', () => {
  it('adds, lists (items keyed by email) and removes members with the key in the body', async () => {
    const team = await createTeam(api, admin.token);
    const member = await addMember(api, admin.organizationId, 'member');
    const added = await api.call<TeamUser>('createTeamUser', {
      token: admin.token,
      entity: { teamId: team.id, userEmail: member.email.toUpperCase() },
    });
    expect(added.status).toBe(200);
    expect(added.body.response.items).toEqual([{ teamId: team.id, email: member.email }]);
    await api.call('createTeamUser', { token: admin.token, entity: { teamId: team.id, userEmail: admin.email } });

    const list = await api.call<TeamUser>('listTeamUsers', { token: admin.token, query: { teamId: team.id } });
    expect(list.body.response.items.map((u) => u.email).sort()).toEqual([admin.email, member.email].sort());
    const byUser = await api.call<TeamUser>('listTeamUsers', { token: admin.token, query: { userEmail: member.email } });
    expect(byUser.body.response.items).toEqual([{ teamId: team.id, email: member.email }]);

    const again = await api.call('createTeamUser', { token: admin.token, entity: { teamId: team.id, userEmail: member.email } });
    expect(again.status).toBe(409);
    expect(again.body.response.errors[0]).toMatchObject({ code: 'already_exist', field: 'entity.userEmail' });

    const removed = await api.call<TeamUser>('deleteTeamUser', { token: admin.token, entity: { teamId: team.id, userEmail: member.email } });
    expect(removed.status).toBe(200);
    expect(removed.body.response.items).toEqual([{ teamId: team.id, email: member.email }]);
    const twice = await api.call('deleteTeamUser', { token: admin.token, entity: { teamId: team.id, userEmail: member.email } });
    expect(twice.status).toBe(404);
    const after = await api.call<TeamUser>('listTeamUsers', { token: admin.token, query: { teamId: team.id } });
    expect(after.body.response.items.map((u) => u.email)).toEqual([admin.email]);
  });

  it('accepts only users of the organization, by a valid e-mail', async () => {
    const team = await createTeam(api, admin.token);
    const stranger = await signUpOrganization(api, 'teams-stranger');
    const outsider = await api.call('createTeamUser', { token: admin.token, entity: { teamId: team.id, userEmail: stranger.email } });
    expect(outsider.status).toBe(400);
    expect(outsider.body.response.errors[0]).toMatchObject({ code: 'validation_error', field: 'entity.userEmail' });
    const invalid = await api.call('createTeamUser', { token: admin.token, entity: { teamId: team.id, userEmail: 'not-an-address' } });
    expect(invalid.body.response.errors[0]).toMatchObject({ code: 'validation_error', field: 'entity.userEmail' });
    const badTeam = await api.call('createTeamUser', { token: admin.token, entity: { teamId: 'ns-abcd', userEmail: admin.email } });
    expect(badTeam.body.response.errors[0]).toMatchObject({ code: 'validation_error', field: 'entity.teamId' });
  });

  it('drops memberships with their team', async () => {
    const team = await createTeam(api, admin.token);
    await api.call('createTeamUser', { token: admin.token, entity: { teamId: team.id, userEmail: admin.email } });
    await api.call('deleteTeam', { token: admin.token, params: { teamId: team.id } });
    const list = await api.call<TeamUser>('listTeamUsers', { token: admin.token, query: { teamId: team.id } });
    expect(list.body.response.items).toEqual([]);
  });

  it('writes audit events for teams and memberships', async () => {
    const org = await signUpOrganization(api, 'teams-audit');
    const team = await createTeam(api, org.token, 'audited');
    await api.call('updateTeam', { token: org.token, params: { teamId: team.id }, entity: { description: 'd' } });
    await api.call('createTeamUser', { token: org.token, entity: { teamId: team.id, userEmail: org.email } });
    await api.call('deleteTeamUser', { token: org.token, entity: { teamId: team.id, userEmail: org.email } });
    await api.call('deleteTeam', { token: org.token, params: { teamId: team.id } });
    const audit = await api.call<{ entityId: string; entityName: string; action: string }>('listAuditEvents', {
      token: org.token,
      query: { entityType: 'team' },
    });
    expect(audit.body.response.items.map((e) => [e.entityId, e.entityName, e.action])).toEqual([
      [team.id, 'audited', 'delete'],
      [team.id, 'audited', 'update'],
      [team.id, 'audited', 'update'],
      [team.id, 'audited', 'update'],
      [team.id, 'audited', 'create'],
    ]);
  });
});
