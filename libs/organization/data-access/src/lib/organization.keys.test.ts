import { describe, expect, it } from 'vitest';
import { organizationKeys } from './organization.keys';

describe('organizationKeys', () => {
  it('nests every key under the domain key so signing out of an organization can drop them all', () => {
    const keys = [
      organizationKeys.userList({ page: 1, pageSize: 20 }),
      organizationKeys.team('team-1'),
      organizationKeys.programmaticUserTokens('pu-1'),
      organizationKeys.currentUser(),
    ];
    for (const key of keys) expect(key.slice(0, 1)).toEqual(organizationKeys.all);
  });

  it('puts a team, its members and the team list under one prefix so a team change reaches all three', () => {
    const prefix = organizationKeys.teams();
    expect(organizationKeys.teamList().slice(0, prefix.length)).toEqual(prefix);
    expect(organizationKeys.team('team-1').slice(0, prefix.length)).toEqual(prefix);
    expect(organizationKeys.teamUsers('team-1').slice(0, prefix.length)).toEqual(prefix);
  });

  it('keeps user lists with different filters apart', () => {
    expect(organizationKeys.userList({ page: 1, pageSize: 20 })).not.toEqual(
      organizationKeys.userList({ page: 2, pageSize: 20 }),
    );
  });
});
