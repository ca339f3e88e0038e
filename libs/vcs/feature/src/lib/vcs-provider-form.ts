import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { zGitCloneType, zVcsAuthType, zVcsCredentials, zVcsProviderInput, zGithubMetadata } from '@terrace/api-client/schemas';
import { addDomainIssue, trimmed, unwrapOptional, type FieldMessages } from '@terrace/design-system';
import type { VcsAuthType, VcsProvider, VcsProviderInput, VcsProviderUpdate, VcsType } from '@terrace/vcs/data-access';
import { z, type core } from 'zod/mini';

const wire = zVcsProviderInput.shape;
const secret = zVcsCredentials.shape;

/** The ways each type authenticates (automation.md §3 auth options); the first is the default. */
export const authTypesOf: Record<VcsType, VcsAuthType[]> = {
  github: ['token'],
  'github-enterprise': ['token'],
  'github-enterprise-app': ['app'],
  gitlab: ['personalToken', 'groupToken', 'projectToken'],
  'gitlab-onprem': ['personalToken', 'groupToken', 'projectToken'],
  'bitbucket-cloud': ['password', 'token'],
  'bitbucket-data-center': ['token', 'password'],
  'azure-devops': ['allAccessOrg', 'specificOrg'],
  'azure-devops-server': ['allAccessOrg', 'specificOrg'],
};

/** Which fields a type and auth type ask for. Secrets are the credentials (write-only). */
export function fieldsOf(type: VcsType, authType: VcsAuthType | '') {
  return {
    orgName: type === 'github',
    httpUrl:
      type === 'github-enterprise' ||
      type === 'github-enterprise-app' ||
      type === 'bitbucket-data-center' ||
      type === 'azure-devops-server' ||
      (type === 'azure-devops' && authType === 'specificOrg'),
    dnsName: type === 'gitlab-onprem',
    app: type === 'github-enterprise-app',
    username: authType === 'password',
    password: authType === 'password',
    token: type !== 'github-enterprise-app' && authType !== 'password' && authType !== 'app',
  };
}

const need = <T>(ctx: core.$RefinementCtx<T>, path: string, message: MessageDescriptor) => addDomainIssue(ctx, message, [path]);

/**
 * The provider form: the contract's members (name 1–128, the enums) and, per type, the fields the
 * host needs. On edit the secrets are optional: empty keeps the stored one.
 */
export function vcsProviderFormSchema(mode: 'create' | 'edit') {
  return z
    .object({
      type: wire.type,
      name: trimmed(wire.name),
      authType: z.union([zVcsAuthType, z.literal('')]),
      gitCloneType: zGitCloneType,
      orgName: trimmed(unwrapOptional(zGithubMetadata.shape.orgName)),
      httpUrl: trimmed(),
      dnsName: trimmed(),
      token: unwrapOptional(secret.token),
      username: trimmed(),
      password: unwrapOptional(secret.password),
      appId: trimmed(),
      installationId: trimmed(),
      privateKey: unwrapOptional(secret.privateKey),
      sshPrivateKey: unwrapOptional(secret.sshPrivateKey),
      sshKnownHosts: z.string().check(z.trim(), z.maxLength(16384)),
    })
    .check(z.superRefine((values, ctx) => {
      const fields = fieldsOf(values.type, values.authType);
      if (authTypesOf[values.type].length > 1 && values.authType === '') need(ctx, 'authType', msg`Choose how to authenticate.`);
      if (mode === 'edit') return;
      if (fields.orgName && !values.orgName) need(ctx, 'orgName', msg`Enter the GitHub organization.`);
      if (fields.httpUrl && !/^https?:\/\/\S+$/.test(values.httpUrl)) need(ctx, 'httpUrl', msg`Enter the server's address, starting with https://.`);
      if (fields.dnsName && !values.dnsName) need(ctx, 'dnsName', msg`Enter the GitLab host name, e.g. gitlab.example.com.`);
      if (fields.app) {
        if (!values.appId) need(ctx, 'appId', msg`Enter the GitHub App's id.`);
        if (!values.installationId) need(ctx, 'installationId', msg`Enter the installation id.`);
        if (!values.privateKey) need(ctx, 'privateKey', msg`Paste the GitHub App's private key.`);
      }
      if (fields.username && !values.username) need(ctx, 'username', msg`Enter the user name.`);
      if (fields.password && !values.password) need(ctx, 'password', msg`Enter the password.`);
      if (fields.token && !values.token) need(ctx, 'token', msg`Enter the access token.`);
      if (values.gitCloneType === 'ssh' && !values.sshPrivateKey) need(ctx, 'sshPrivateKey', msg`Paste the SSH private key used to clone.`);
    }));
}

export type VcsProviderFormValues = z.input<ReturnType<typeof vcsProviderFormSchema>>;
export type VcsProviderFormOutput = z.output<ReturnType<typeof vcsProviderFormSchema>>;

export const vcsProviderFieldMessages: FieldMessages = {
  name: { required: msg`Enter a name for the connection.` },
};

export function emptyProviderValues(type: VcsType = 'github'): VcsProviderFormValues {
  return {
    type,
    name: '',
    authType: authTypesOf[type][0] ?? '',
    gitCloneType: 'http',
    orgName: '',
    httpUrl: '',
    dnsName: '',
    token: '',
    username: '',
    password: '',
    appId: '',
    installationId: '',
    privateKey: '',
    sshPrivateKey: '',
    sshKnownHosts: '',
  };
}

/** What an edit starts from: the stored settings, never a secret (the server does not return them). */
export function providerToValues(provider: VcsProvider): VcsProviderFormValues {
  return {
    ...emptyProviderValues(provider.type),
    name: provider.name,
    authType: provider.authType ?? authTypesOf[provider.type][0] ?? '',
    gitCloneType: provider.gitCloneType ?? 'http',
    orgName: provider.githubMetadata?.orgName ?? '',
    httpUrl:
      provider.githubMetadata?.httpUrl ??
      provider.bitbucketDataCenterMetadata?.httpUrl ??
      provider.azureDevopsMetadata?.httpUrl ??
      '',
    dnsName: provider.gitlabMetadata?.dnsName ?? '',
    sshKnownHosts: provider.sshKnownHosts ?? '',
  };
}

/** The credentials the form holds for this type, leaving out what is empty (on edit: keep the stored). */
function credentialsOf(values: VcsProviderFormOutput) {
  const fields = fieldsOf(values.type, values.authType);
  const entries = {
    token: fields.token ? values.token : '',
    username: fields.username ? values.username : '',
    password: fields.password ? values.password : '',
    appId: fields.app ? values.appId : '',
    installationId: fields.app ? values.installationId : '',
    privateKey: fields.app ? values.privateKey : '',
    sshPrivateKey: values.gitCloneType === 'ssh' ? values.sshPrivateKey : '',
  };
  const present = Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== ''));
  return Object.keys(present).length > 0 ? present : undefined;
}

export function formToProviderInput(values: VcsProviderFormOutput): VcsProviderInput {
  const fields = fieldsOf(values.type, values.authType);
  const credentials = credentialsOf(values);
  const isGithub = values.type.startsWith('github');
  return {
    type: values.type,
    name: values.name,
    ...(values.authType ? { authType: values.authType } : {}),
    gitCloneType: values.gitCloneType,
    ...(values.gitCloneType === 'ssh' && values.sshKnownHosts ? { sshKnownHosts: values.sshKnownHosts } : {}),
    ...(isGithub && (fields.orgName || fields.httpUrl)
      ? { githubMetadata: fields.orgName ? { orgName: values.orgName } : { httpUrl: values.httpUrl } }
      : {}),
    ...(fields.dnsName ? { gitlabMetadata: { dnsName: values.dnsName } } : {}),
    ...(values.type === 'bitbucket-data-center' ? { bitbucketDataCenterMetadata: { httpUrl: values.httpUrl } } : {}),
    ...(values.type.startsWith('azure-devops') && fields.httpUrl ? { azureDevopsMetadata: { httpUrl: values.httpUrl } } : {}),
    ...(credentials ? { credentials } : {}),
  };
}

/** An edit sends what the contract lets change: the name, auth and clone type, and any new secret. */
export function formToProviderUpdate(values: VcsProviderFormOutput): VcsProviderUpdate {
  const credentials = credentialsOf(values);
  return {
    name: values.name,
    ...(values.authType ? { authType: values.authType } : {}),
    gitCloneType: values.gitCloneType,
    // Emptied while cloning over SSH: cleared (the hosted services' keys stay built in).
    ...(values.gitCloneType === 'ssh' ? { sshKnownHosts: values.sshKnownHosts || null } : {}),
    ...(credentials ? { credentials } : {}),
  };
}
