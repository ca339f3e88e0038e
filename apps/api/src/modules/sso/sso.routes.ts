import { defineOperations, publicOperation, single, userOperation } from '../../http/operation-registry';
import { deleteIdentityProvider, getIdentityProvider, putIdentityProvider } from './identity-provider.service';
import { listSsoPotentialSessions, ssoSignInWithPotentialSession, ssoSwitchSession } from './sso-sessions.service';
import { ssoOidcCallback, ssoSamlAcs, ssoSignInRequest, type SsoDeps } from './sso.service';

// Thin: requests are validated against the description before these run. The two browser
// callbacks answer a redirect instead of the envelope.
export const ssoOperations = (deps: SsoDeps) =>
  defineOperations({
    getIdentityProvider: userOperation(async (actor) => ({ items: await getIdentityProvider(deps, actor) })),
    putIdentityProvider: userOperation(async (actor, { entity }) => single(await putIdentityProvider(deps, actor, entity))),
    deleteIdentityProvider: userOperation(async (actor) => single(await deleteIdentityProvider(deps, actor))),
    ssoSignInRequest: publicOperation(async ({ entity, cookies }) => {
      const { items, cookie } = await ssoSignInRequest(deps, entity, cookies);
      return { items, setCookies: [cookie] };
    }),
    ssoOidcCallback: publicOperation(async ({ query, cookies }) => ({ items: [], ...(await ssoOidcCallback(deps, query, cookies)) })),
    ssoSamlAcs: publicOperation(async ({ body, cookies }) => ({ items: [], ...(await ssoSamlAcs(deps, body, cookies)) })),
    ssoSignInWithPotentialSession: publicOperation(async ({ entity }) =>
      single(await ssoSignInWithPotentialSession(deps, entity.ssoPotentialSessionId)),
    ),
    ssoSwitchSession: userOperation(async (actor, { entity }) => single(await ssoSwitchSession(deps, actor, entity.ssoPotentialSessionId))),
    listSsoPotentialSessions: userOperation(async (actor) => single(await listSsoPotentialSessions(deps, actor))),
  });
