import { PUBLIC_REQUEST_HEADER, type ApiClient } from '@terrace/api-client';
import type { AuthApi, SessionApi, SignInResult } from './session-api';
import { toOrganization, toUser } from './stored-session';

interface Envelope<T> {
  response: { items: T[] };
}

function first<T>(data: Envelope<T> | undefined): T {
  const item = data?.response.items[0];
  if (item === undefined) throw new Error('The API answered without the expected item.');
  return item;
}

/**
 * Calls the contract does not describe yet (MFA, SSO, invitations, password recovery: the API
 * helper adds them). They go through the same client, so token, time-out and error catalogue
 * apply; they are typed here by hand until the generated `paths` carry them.
 */
type LooseClient = {
  POST(path: string, init: { body?: unknown; headers?: Record<string, string>; params?: unknown }): Promise<{ data?: unknown }>;
  GET(path: string, init?: { headers?: Record<string, string> }): Promise<{ data?: unknown }>;
};

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

/** The session and sign-in ports on the shared API client (one adapter, used by the console and tests). */
export function createSessionApi(client: ApiClient): SessionApi & AuthApi {
  const loose = client as unknown as LooseClient;
  const publicPost = async (path: string, entity?: unknown) => {
    const { data } = await loose.POST(path, {
      body: entity === undefined ? undefined : { entity },
      headers: { [PUBLIC_REQUEST_HEADER]: 'true' },
    });
    return (data as Envelope<unknown> | undefined)?.response.items[0];
  };

  return {
    async currentUser() {
      const { data } = await client.GET('/auth/me');
      return toUser(first(data));
    },
    async organizationRole() {
      const { data } = await client.GET('/iam/org/userOrgRole');
      const role = first(data);
      return { orgRole: role.orgRole, teams: role.teams, customRole: role.customRole ?? null };
    },
    async capabilities() {
      const { data } = await client.GET('/org/capabilities');
      const { capabilities } = first(data);
      return Object.entries(capabilities)
        .filter(([, enabled]) => enabled === true)
        .map(([name]) => name);
    },
    async allowedOrganizations() {
      const { data } = await client.GET('/iam/org/userAllowedOrganization');
      return (data?.response.items ?? []).map((org) => toOrganization(org));
    },
    async organizationHasUsers() {
      // Only "is there anyone besides me" matters for the MFA reminder: one short page answers it.
      const { data } = await client.GET('/iam/org/user', { params: { query: { page: 1, pageSize: 10 } } });
      return (data?.response.items.length ?? 0) > 1;
    },
    async signInSettings() {
      const { data } = await client.GET('/org/signInSettings');
      return first(data);
    },
    async tradeSession(desiredOrganizationId) {
      const { data } = await client.POST('/auth/tradeSession', { params: { query: { desiredOrganizationId } } });
      const result = toSignInResult(first(data));
      if (result.kind !== 'session') throw new Error('Switching organization did not answer a session.');
      return result;
    },
    async signOut() {
      await client.POST('/auth/signOut');
    },
    async ssoPotentialSessions() {
      const { data } = await loose.GET('/iam/org/ssoPotentialSession');
      const item = (data as Envelope<Record<string, unknown>> | undefined)?.response.items[0] ?? {};
      return {
        ssoPotentialSessions: Array.isArray(item['ssoPotentialSessions']) ? item['ssoPotentialSessions'] : [],
        currentSessionPotentialSessionId:
          typeof item['currentSessionPotentialSessionId'] === 'string' ? item['currentSessionPotentialSessionId'] : null,
      };
    },
    async ssoSwitchSession(ssoPotentialSessionId) {
      const { data } = await loose.POST('/auth/sso/switchSession', { body: { entity: { ssoPotentialSessionId } } });
      const result = toSignInResult((data as Envelope<unknown> | undefined)?.response.items[0]);
      if (result.kind !== 'session') throw new Error('The session switch did not answer a session.');
      return result;
    },
    async documentationToken() {
      const { data } = await client.POST('/docs/gitbookToken');
      return first(data).token;
    },
    async notifications() {
      // The cache-busting value makes proxies and the browser fetch the feed afresh (spec §7).
      const { data } = await client.GET('/notifications/feed', { params: { query: { t: String(Date.now()) } } });
      return (data?.response.items ?? []).map((n) => ({
        title: n.title,
        text: n.text,
        linkText: n.linkText ?? undefined,
        linkUrl: n.linkUrl ?? undefined,
        date: n.date,
      }));
    },
    async consoleEvent(event) {
      await client.POST('/console/event', { body: { entity: event } });
    },
    async aiFeatures() {
      // Before anything is configured the organization configuration answers empty items.
      const { data } = await client.GET('/org/configuration');
      const ai = data?.response.items[0]?.aiFeaturesConfiguration;
      return { enabled: ai?.enabled === true, consented: ai?.consented === true };
    },

    async signIn(input) {
      const { data } = await client.POST('/auth/signIn', { body: { entity: input } });
      return toSignInResult(first(data));
    },
    async signInWithMfa(input) {
      return toSignInResult(await publicPost('/auth/signInWithMfaPotentialSession', input));
    },
    async generateMfaSecret(addMfaSessionId) {
      const item = (await publicPost('/iam/org/user/mfa/generate/withAddMfaSession', { addMfaSessionId })) as
        | { otpauthUrl?: string; secret?: string }
        | undefined;
      return { otpauthUrl: item?.otpauthUrl ?? '', secret: item?.secret ?? '' };
    },
    async configureMfa(input) {
      return toSignInResult(await publicPost('/iam/org/user/mfa/configure/withAddMfaSession', input));
    },
    async confirmMfa(confirmationToken) {
      await publicPost('/iam/org/user/mfa/confirm', { confirmationToken });
    },
    async signUp(input) {
      const { data } = await client.POST('/auth/signUp', { body: { entity: input } });
      return toSignInResult(first(data));
    },
    async ssoSignInRequest(email) {
      const item = (await publicPost('/auth/sso/signInRequest', { email })) as { redirectUrl?: string } | undefined;
      if (!item?.redirectUrl) throw new Error('Single sign-on is not set up for this e-mail address.');
      return { redirectUrl: item.redirectUrl };
    },
    async ssoSignInWithPotentialSession(ssoPotentialSessionId) {
      return toSignInResult(await publicPost('/auth/sso/signInWithPotentialSession', { ssoPotentialSessionId }));
    },
    async awsMarketplaceRegistration({ marketplaceToken, ...input }) {
      const { data } = await client.POST('/auth/awsMarketplace/registration', {
        body: { entity: { ...input, marketplaceCustomerId: marketplaceToken } },
      });
      return toSignInResult(first(data));
    },
    async azureMarketplaceRegistration(purchaseToken) {
      const { data } = await client.POST('/auth/azureMarketplace/registration', {
        params: { query: { token: purchaseToken } },
        headers: { [PUBLIC_REQUEST_HEADER]: 'true' },
      });
      return toSignInResult(first(data));
    },
    async createUserFromInvite(input) {
      return toSignInResult(await publicPost('/iam/org/user/v2', input));
    },
    async acceptInvite(invitationToken) {
      await publicPost('/iam/org/user/acceptInvite', { invitationToken });
    },
    async recoverPassword(email) {
      await publicPost('/iam/org/user/recoverPassword', { email });
    },
    async resetPassword(input) {
      await publicPost('/iam/org/user/resetPassword', input);
    },
  };
}
