import { publicOperation, single, userOperation, type OperationRegistry } from '../../http/operation-registry';
import {
  deleteIdentityProvider,
  getIdentityProvider,
  putIdentityProvider,
  type IdentityProviderInput,
} from './identity-provider.service';
import { listSsoPotentialSessions, ssoSignInWithPotentialSession, ssoSwitchSession } from './sso-sessions.service';
import {
  ssoOidcCallback,
  ssoSamlAcs,
  ssoSignInRequest,
  type OidcCallbackQuery,
  type SamlPostForm,
  type SsoDeps,
  type SsoSignInRequestInput,
} from './sso.service';

// Thin: requests are validated against the description before these run; the casts name the
// validated shapes. The two browser callbacks answer a redirect instead of the envelope.
export function ssoOperations(deps: SsoDeps): OperationRegistry {
  return {
    getIdentityProvider: userOperation(async (actor) => ({ items: await getIdentityProvider(deps, actor) })),
    putIdentityProvider: userOperation(async (actor, { entity }) =>
      single(await putIdentityProvider(deps, actor, entity as IdentityProviderInput)),
    ),
    deleteIdentityProvider: userOperation(async (actor) => single(await deleteIdentityProvider(deps, actor))),
    ssoSignInRequest: publicOperation(async ({ entity, cookies }) => {
      const { items, cookie } = await ssoSignInRequest(deps, entity as SsoSignInRequestInput, cookies);
      return { items, setCookies: [cookie] };
    }),
    ssoOidcCallback: publicOperation(async ({ query, cookies }) => ({
      items: [],
      ...(await ssoOidcCallback(deps, query as OidcCallbackQuery, cookies)),
    })),
    ssoSamlAcs: publicOperation(async ({ body, cookies }) => ({
      items: [],
      ...(await ssoSamlAcs(deps, body as SamlPostForm, cookies)),
    })),
    ssoSignInWithPotentialSession: publicOperation(async ({ entity }) =>
      single(await ssoSignInWithPotentialSession(deps, (entity as { ssoPotentialSessionId: string }).ssoPotentialSessionId)),
    ),
    ssoSwitchSession: userOperation(async (actor, { entity }) =>
      single(await ssoSwitchSession(deps, actor, (entity as { ssoPotentialSessionId: string }).ssoPotentialSessionId)),
    ),
    listSsoPotentialSessions: userOperation(async (actor) => single(await listSsoPotentialSessions(deps, actor))),
  };
}
