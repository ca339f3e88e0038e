/**
 * Links of the organization pages, mirroring the session's route table (spec §2.2); switch to its
 * `appPath` builders once @terrace/session is on main.
 */
export const organizationPaths = {
  team: (teamId: string) => `/app/team/${encodeURIComponent(teamId)}`,
  settings: (section?: string) => `/app/organization/setting${section ? `?id=${encodeURIComponent(section)}` : ''}`,
};
