/** The git hosts the global setup started (apps/api/src/testing/e2e-git-hosts.ts): a GitHub organization listing one real repository. */
export interface GitHosts {
  githubOrg: string;
  token: string;
  repository: string;
}

export function gitHosts(): GitHosts {
  const text = process.env['CONSOLE_E2E_GIT_HOSTS'];
  if (!text) throw new Error('CONSOLE_E2E_GIT_HOSTS is not set: the global setup starts the git hosts');
  return JSON.parse(text) as GitHosts;
}
