import { appPath } from '@terrace/session';

/** Links of the organization pages, through the session's route table so routes live in one place. */
export const organizationPaths = {
  team: (teamId: string) => appPath('team', { teamId }),
  settings: (section?: string) => appPath('organizationSetting', undefined, section ? { id: section } : undefined),
};
