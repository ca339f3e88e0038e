import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { VcsHostEndpoints } from '../lib/create-vcs-host';
import { handleAzureDevops } from './azure-devops-stand-in';
import { handleBitbucketCloud, handleBitbucketDataCenter } from './bitbucket-stand-in';
import { handleGithub } from './github-stand-in';
import { handleGitlab } from './gitlab-stand-in';
import { StandInState, sendJson, type OpenedPullRequestRecord, type PostedComment, type StandInOptions } from './stand-in-state';

export interface VcsHostStandIn {
  /** Base URLs to pass as `createVcsHost`'s endpoints, and the self-hosted products' addresses. */
  endpoints: VcsHostEndpoints;
  githubEnterpriseUrl: string;
  gitlabOnPremUrl: string;
  bitbucketDataCenterUrl: string;
  azureDevopsServerUrl: string;
  /** Comments the clients posted on pull requests. */
  comments: PostedComment[];
  /** Pull (merge) requests the clients opened, with their files. */
  pullRequests: OpenedPullRequestRecord[];
  close(): Promise<void>;
}

const hosts = {
  github: handleGithub,
  ghe: handleGithub,
  gitlab: handleGitlab,
  bitbucket: handleBitbucketCloud,
  'bitbucket-dc': handleBitbucketDataCenter,
  azure: handleAzureDevops,
} as const;

/**
 * Every git host's REST API on one loopback port, each under its own prefix, answering in that
 * host's wire format (paging, error bodies, rate-limit headers), because the real hosts cannot be
 * reached from the tests.
 */
export async function startVcsHostStandIn(options: StandInOptions): Promise<VcsHostStandIn> {
  const state = new StandInState(options);
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const [, prefix = '', ...rest] = url.pathname.split('/');
    // GitHub Enterprise Server serves its API under /api/v3.
    const handle = hosts[prefix as keyof typeof hosts];
    if (!handle) return sendJson(response, 404, { message: 'No such host' });
    let inner = `/${rest.join('/')}`;
    if (prefix === 'ghe') inner = inner.replace(/^\/api\/v3/, '');
    const base = `${origin}/${prefix}${prefix === 'ghe' ? '/api/v3' : ''}`;
    const innerUrl = new URL(`${inner}${url.search}`, 'http://stand-in');
    handle(state, request, response, innerUrl, prefix === 'azure' ? `${origin}/azure` : base).catch((error: Error) => sendJson(response, 500, { message: error.message }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoints: {
      githubApi: `${origin}/github`,
      gitlab: `${origin}/gitlab`,
      bitbucketCloudApi: `${origin}/bitbucket/2.0`,
      azureDevops: `${origin}/azure`,
      azureDevopsAccounts: `${origin}/azure/accounts`,
    },
    githubEnterpriseUrl: `${origin}/ghe`,
    gitlabOnPremUrl: `${origin}/gitlab`,
    bitbucketDataCenterUrl: `${origin}/bitbucket-dc`,
    azureDevopsServerUrl: `${origin}/azure`,
    comments: state.comments,
    pullRequests: state.pullRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
