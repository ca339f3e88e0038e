import { AzureDevopsHost } from './azure-devops';
import { BitbucketCloudHost, BitbucketDataCenterHost, type BitbucketAuth } from './bitbucket';
import { GithubHost, githubEnterpriseApiUrl } from './github';
import { GitlabHost } from './gitlab';
import { VcsHostError, type VcsHost, type VcsHostType } from './vcs-host';

/** A VCS provider as the contract stores it (`VcsProviderInput`), credentials decrypted. */
export interface VcsProviderSettings {
  type: VcsHostType;
  authType?: 'app' | 'token' | 'password' | 'personalToken' | 'groupToken' | 'projectToken' | 'allAccessOrg' | 'specificOrg' | undefined;
  githubMetadata?: { orgName?: string | undefined; httpUrl?: string | undefined } | undefined;
  gitlabMetadata?: { dnsName?: string | undefined } | undefined;
  bitbucketDataCenterMetadata?: { httpUrl?: string | undefined } | undefined;
  azureDevopsMetadata?: { httpUrl?: string | undefined } | undefined;
  credentials: {
    token?: string | undefined;
    username?: string | undefined;
    password?: string | undefined;
    appId?: string | undefined;
    installationId?: string | undefined;
    privateKey?: string | undefined;
  };
}

/** Where the hosted services live; overridable for a proxy (and the tests' stand-ins). */
export interface VcsHostEndpoints {
  githubApi: string;
  gitlab: string;
  bitbucketCloudApi: string;
  azureDevops: string;
  azureDevopsAccounts: string;
}

export const publicVcsEndpoints: VcsHostEndpoints = {
  githubApi: 'https://api.github.com',
  gitlab: 'https://gitlab.com',
  bitbucketCloudApi: 'https://api.bitbucket.org/2.0',
  azureDevops: 'https://dev.azure.com',
  azureDevopsAccounts: 'https://app.vssps.visualstudio.com',
};

function required(value: string | undefined, what: string): string {
  if (!value) throw new VcsHostError('invalid-input', `${what} is required`);
  return value;
}

function bitbucketAuth(settings: VcsProviderSettings): BitbucketAuth {
  const { credentials } = settings;
  if (settings.authType === 'password' || (settings.authType === undefined && credentials.password)) {
    return { kind: 'password', username: required(credentials.username, 'The user name'), password: required(credentials.password, 'The password') };
  }
  return { kind: 'token', token: required(credentials.token, 'The access token'), username: credentials.username };
}

/**
 * `https://dev.azure.com/org` → the service and one organization; an Azure DevOps Server's
 * `https://host/tfs/Collection` → the server and its collection.
 */
function azureAddress(settings: VcsProviderSettings, endpoints: VcsHostEndpoints): { url: string; organization?: string } {
  const httpUrl = settings.azureDevopsMetadata?.httpUrl;
  if (settings.type === 'azure-devops-server' || httpUrl) {
    const url = new URL(required(httpUrl, 'The Azure DevOps address'));
    const segments = url.pathname.split('/').filter(Boolean);
    const organization = segments.pop();
    if (settings.type === 'azure-devops-server' && !organization) {
      throw new VcsHostError('invalid-input', 'The Azure DevOps Server address must end with the collection');
    }
    const base = `${url.origin}/${segments.join('/')}`.replace(/\/+$/, '');
    if (settings.authType === 'allAccessOrg' && settings.type === 'azure-devops') return { url: endpoints.azureDevops };
    return organization ? { url: base, organization } : { url: base };
  }
  return { url: endpoints.azureDevops };
}

/** The REST client for a configured provider. */
export function createVcsHost(
  settings: VcsProviderSettings,
  options: { endpoints?: Partial<VcsHostEndpoints>; fetch?: typeof fetch } = {},
): VcsHost {
  const endpoints = { ...publicVcsEndpoints, ...options.endpoints };
  const { credentials } = settings;
  const fetchOption = options.fetch ? { fetch: options.fetch } : {};
  switch (settings.type) {
    case 'github':
    case 'github-enterprise':
      return new GithubHost({
        type: settings.type,
        apiUrl: settings.type === 'github' ? endpoints.githubApi : githubEnterpriseApiUrl(required(settings.githubMetadata?.httpUrl, 'The GitHub Enterprise address')),
        organization: settings.githubMetadata?.orgName,
        auth: { kind: 'token', token: required(credentials.token, 'The token') },
        ...fetchOption,
      });
    case 'github-enterprise-app':
      return new GithubHost({
        type: settings.type,
        apiUrl: settings.githubMetadata?.httpUrl ? githubEnterpriseApiUrl(settings.githubMetadata.httpUrl) : endpoints.githubApi,
        organization: settings.githubMetadata?.orgName,
        auth: {
          kind: 'app',
          appId: required(credentials.appId, 'The App id'),
          installationId: required(credentials.installationId, 'The installation id'),
          privateKey: required(credentials.privateKey, "The App's private key"),
        },
        ...fetchOption,
      });
    case 'gitlab':
    case 'gitlab-onprem': {
      const dns = settings.gitlabMetadata?.dnsName;
      const url = settings.type === 'gitlab' ? endpoints.gitlab : /^https?:\/\//.test(required(dns, 'The GitLab address')) ? (dns as string) : `https://${dns}`;
      return new GitlabHost({ type: settings.type, url, token: required(credentials.token, 'The token'), ...fetchOption });
    }
    case 'bitbucket-cloud':
      return new BitbucketCloudHost({ apiUrl: endpoints.bitbucketCloudApi, auth: bitbucketAuth(settings), ...fetchOption });
    case 'bitbucket-data-center':
      return new BitbucketDataCenterHost({
        url: required(settings.bitbucketDataCenterMetadata?.httpUrl, 'The Bitbucket Data Center address'),
        auth: bitbucketAuth(settings),
        ...fetchOption,
      });
    case 'azure-devops':
    case 'azure-devops-server':
      return new AzureDevopsHost({
        type: settings.type,
        ...azureAddress(settings, endpoints),
        accountsUrl: endpoints.azureDevopsAccounts,
        token: required(credentials.token, 'The personal access token'),
        ...fetchOption,
      });
  }
}
