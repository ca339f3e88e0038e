import { PUBLIC_REQUEST_HEADER, type ApiClient } from '@terrace/api-client';
import { firstItem, type Envelope } from './first-item';
import type { Organization, User } from './session-model';
import type { AiFeaturesSettings, MfaSecret, NotificationItem, OrganizationRole, SignInResult, SignInSettings, SignUpInput, SsoPotentialSessions } from './session.types';
import { toOrganization, toUser } from './stored-session';

/**
 * Calls the contract does not describe yet (MFA, SSO, invitations, password recovery: the API
 * helper adds them). They go through the same client, so token, time-out and error catalogue
 * apply; they are typed here by hand until the generated `paths` carry them.
 */
type LooseClient = {
  POST(path: string, init: { body?: unknown; headers?: Record<string, string>; params?: unknown }): Promise<{ data?: unknown }>;
  GET(path: string, init?: { headers?: Record<string, string>; signal?: AbortSignal }): Promise<{ data?: unknown }>;
};

const loose = (client: ApiClient) => client as unknown as LooseClient;

function toSignInResult(item: unknown): SignInResult {
  const value = (item ?? {}) as Record<string, unknown>;
  if (typeof value['token'] === 'string' && value['token']) {
    const user = toUser(value['user']);
    // The organization of the session is answered beside the user as well; keep them together.
    if (value['organization']) user.organization = toOrganization(value['organization']);
    return { kind: 'session', token: value['token'], user };
  }
  if (typeof value['waitingMfaPotentialSessionId'] === 'string') {
    return { kind: 'mfaRequired', waitingMfaPotentialSessionId: value['waitingMfaPotentialSessionId'] };
  }
  if (typeof value['addMfaSessionId'] === 'string') {
    return { kind: 'mfaSetupRequired', addMfaSessionId: value['addMfaSessionId'] };
  }
  throw new Error('The sign-in answer carried neither a session nor a next step.');
}

function toSession(item: unknown, what: string): { token: string; user: User } {
  const result = toSignInResult(item);
  if (result.kind !== 'session') throw new Error(`${what} did not answer a session.`);
  return result;
}

async function publicPost(client: ApiClient, path: string, entity?: unknown): Promise<unknown> {
  const { data } = await loose(client).POST(path, {
    body: entity === undefined ? undefined : { entity },
    headers: { [PUBLIC_REQUEST_HEADER]: 'true' },
  });
  return (data as Envelope<unknown> | undefined)?.response.items[0];
}

/**
 * The session's and the shell's calls: plain functions on the one configured client. Reads take
 * the query's abort `signal`, so a page left or a query superseded cancels its request.
 */
export const sessionRequests = {
  async currentUser(client: ApiClient, signal?: AbortSignal): Promise<User> {
    const { data } = await client.GET('/auth/me', { signal });
    return toUser(firstItem(data));
  },
  async organizationRole(client: ApiClient, signal?: AbortSignal): Promise<OrganizationRole> {
    const { data } = await client.GET('/iam/org/userOrgRole', { signal });
    const role = firstItem(data);
    return { orgRole: role.orgRole, teams: role.teams, customRole: role.customRole ?? null };
  },
  async capabilities(client: ApiClient, signal?: AbortSignal): Promise<string[]> {
    const { data } = await client.GET('/org/capabilities', { signal });
    const { capabilities } = firstItem(data);
    return Object.entries(capabilities)
      .filter(([, enabled]) => enabled === true)
      .map(([name]) => name);
  },
  async allowedOrganizations(client: ApiClient, signal?: AbortSignal): Promise<Organization[]> {
    const { data } = await client.GET('/iam/org/userAllowedOrganization', { signal });
    return (data?.response.items ?? []).map((org) => toOrganization(org));
  },
  async organizationHasUsers(client: ApiClient, signal?: AbortSignal): Promise<boolean> {
    // Only "is there anyone besides me" matters for the MFA reminder: one short page answers it.
    const { data } = await client.GET('/iam/org/user', { params: { query: { page: 1, pageSize: 10 } }, signal });
    return (data?.response.items.length ?? 0) > 1;
  },
  async signInSettings(client: ApiClient, signal?: AbortSignal): Promise<SignInSettings> {
    const { data } = await client.GET('/org/signInSettings', { signal });
    return firstItem(data);
  },
  async tradeSession(client: ApiClient, desiredOrganizationId: string): Promise<{ token: string; user: User }> {
    const { data } = await client.POST('/auth/tradeSession', { params: { query: { desiredOrganizationId } } });
    return toSession(firstItem(data), 'Switching organization');
  },
  async signOut(client: ApiClient): Promise<void> {
    await client.POST('/auth/signOut');
  },
  async ssoPotentialSessions(client: ApiClient, signal?: AbortSignal): Promise<SsoPotentialSessions> {
    const { data } = await loose(client).GET('/iam/org/ssoPotentialSession', { signal });
    const item = (data as Envelope<Record<string, unknown>> | undefined)?.response.items[0] ?? {};
    return {
      ssoPotentialSessions: Array.isArray(item['ssoPotentialSessions']) ? item['ssoPotentialSessions'] : [],
      currentSessionPotentialSessionId:
        typeof item['currentSessionPotentialSessionId'] === 'string' ? item['currentSessionPotentialSessionId'] : null,
    };
  },
  async ssoSwitchSession(client: ApiClient, ssoPotentialSessionId: string): Promise<{ token: string; user: User }> {
    const { data } = await loose(client).POST('/auth/sso/switchSession', { body: { entity: { ssoPotentialSessionId } } });
    return toSession((data as Envelope<unknown> | undefined)?.response.items[0], 'The session switch');
  },
  async documentationToken(client: ApiClient): Promise<string> {
    const { data } = await client.POST('/docs/gitbookToken');
    return firstItem(data).token;
  },
  async notifications(client: ApiClient, signal?: AbortSignal): Promise<NotificationItem[]> {
    // The cache-busting value makes proxies and the browser fetch the feed afresh (spec §7).
    const { data } = await client.GET('/notifications/feed', { params: { query: { t: String(Date.now()) } }, signal });
    return (data?.response.items ?? []).map((n) => ({
      title: n.title,
      text: n.text,
      linkText: n.linkText ?? undefined,
      linkUrl: n.linkUrl ?? undefined,
      date: n.date,
    }));
  },
  async consoleEvent(client: ApiClient, event: { title: string; message: string }): Promise<void> {
    await client.POST('/console/event', { body: { entity: event } });
  },
  /** The organization configuration's AI features (spec §3); both false before anything is configured. */
  async aiFeatures(client: ApiClient, signal?: AbortSignal): Promise<AiFeaturesSettings> {
    // Before anything is configured the organization configuration answers empty items.
    const { data } = await client.GET('/org/configuration', { signal });
    const ai = data?.response.items[0]?.aiFeaturesConfiguration;
    return { enabled: ai?.enabled === true, consented: ai?.consented === true };
  },
};

/**
 * The public calls of the sign-in flows (spec §7, marked with the public-request header): they
 * need no token and answer either a session or the next step.
 */
export const authRequests = {
  async signIn(client: ApiClient, input: { email: string; password: string }): Promise<SignInResult> {
    const { data } = await client.POST('/auth/signIn', { body: { entity: input } });
    return toSignInResult(firstItem(data));
  },
  async signInWithMfa(client: ApiClient, input: { waitingMfaPotentialSessionId: string; mfaCode: string }): Promise<SignInResult> {
    return toSignInResult(await publicPost(client, '/auth/signInWithMfaPotentialSession', input));
  },
  async generateMfaSecret(client: ApiClient, addMfaSessionId: string): Promise<MfaSecret> {
    const item = (await publicPost(client, '/iam/org/user/mfa/generate/withAddMfaSession', { addMfaSessionId })) as
      | { otpauthUrl?: string; secret?: string }
      | undefined;
    return { otpauthUrl: item?.otpauthUrl ?? '', secret: item?.secret ?? '' };
  },
  async configureMfa(client: ApiClient, input: { addMfaSessionId: string; mfaCode: string }): Promise<SignInResult> {
    return toSignInResult(await publicPost(client, '/iam/org/user/mfa/configure/withAddMfaSession', input));
  },
  async confirmMfa(client: ApiClient, confirmationToken: string): Promise<void> {
    await publicPost(client, '/iam/org/user/mfa/confirm', { confirmationToken });
  },
  async signUp(client: ApiClient, input: SignUpInput): Promise<SignInResult> {
    const { data } = await client.POST('/auth/signUp', { body: { entity: input } });
    return toSignInResult(firstItem(data));
  },
  async ssoSignInRequest(client: ApiClient, email: string): Promise<{ redirectUrl: string }> {
    const item = (await publicPost(client, '/auth/sso/signInRequest', { email })) as { redirectUrl?: string } | undefined;
    if (!item?.redirectUrl) throw new Error('Single sign-on is not set up for this e-mail address.');
    return { redirectUrl: item.redirectUrl };
  },
  async ssoSignInWithPotentialSession(client: ApiClient, ssoPotentialSessionId: string): Promise<SignInResult> {
    return toSignInResult(await publicPost(client, '/auth/sso/signInWithPotentialSession', { ssoPotentialSessionId }));
  },
  async awsMarketplaceRegistration(
    client: ApiClient,
    { marketplaceToken, ...input }: SignUpInput & { marketplaceToken: string },
  ): Promise<SignInResult> {
    const { data } = await client.POST('/auth/awsMarketplace/registration', {
      body: { entity: { ...input, marketplaceCustomerId: marketplaceToken } },
    });
    return toSignInResult(firstItem(data));
  },
  /** No body: the purchase token Azure put in the landing page's `token` query parameter goes in the query. */
  async azureMarketplaceRegistration(client: ApiClient, purchaseToken: string): Promise<SignInResult> {
    const { data } = await client.POST('/auth/azureMarketplace/registration', {
      params: { query: { token: purchaseToken } },
      headers: { [PUBLIC_REQUEST_HEADER]: 'true' },
    });
    return toSignInResult(firstItem(data));
  },
  async createUserFromInvite(
    client: ApiClient,
    input: { invitationToken: string; firstName: string; lastName: string; password: string },
  ): Promise<SignInResult> {
    return toSignInResult(await publicPost(client, '/iam/org/user/v2', input));
  },
  async acceptInvite(client: ApiClient, invitationToken: string): Promise<void> {
    await publicPost(client, '/iam/org/user/acceptInvite', { invitationToken });
  },
  async recoverPassword(client: ApiClient, email: string): Promise<void> {
    await publicPost(client, '/iam/org/user/recoverPassword', { email });
  },
  async resetPassword(client: ApiClient, input: { resetToken: string; password: string }): Promise<void> {
    await publicPost(client, '/iam/org/user/resetPassword', input);
  },
};
