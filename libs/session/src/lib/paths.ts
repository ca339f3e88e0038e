import { appRoutes, type AppRouteId } from './app-routes';

/** The two base paths of spec §2: the authenticated base and the sign-in base. */
export const appBase = '/app';
export const authBase = '/auth';

type ParamNames<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamNames<Rest>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;

type RouteParams<Id extends AppRouteId> = ParamNames<(typeof appRoutes)[Id]['path']>;

export type Query = Record<string, string | number | boolean | undefined | null>;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

type AppPathArgs<Id extends AppRouteId> = [RouteParams<Id>] extends [never]
  ? [params?: Record<string, never>, query?: Query]
  : [params: Record<RouteParams<Id>, string>, query?: Query];

/**
 * Builds the URL of an authenticated route. Every domain links to another through this, so
 * routes can move without the domains importing each other.
 */
export function appPath<Id extends AppRouteId>(id: Id, ...[params, query]: AppPathArgs<Id>): string {
  const pattern: string = appRoutes[id].path;
  const path = pattern.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const value = (params as Record<string, string> | undefined)?.[name];
    if (value === undefined) throw new Error(`appPath('${id}') needs the parameter '${name}'`);
    return encodeURIComponent(value);
  });
  return withQuery(`${appBase}/${path}`, query);
}

/** The route of a resource kind without its id, e.g. '/app/stack' (spec: route-name constants). */
export function appRouteBase(id: AppRouteId): string {
  const pattern: string = appRoutes[id].path;
  return `${appBase}/${pattern.replace(/\/:.*$/, '')}`;
}

/** Sign-in routes of spec §2.1. */
export const authPaths = {
  login: (redirect?: string | null) => withQuery(`${authBase}/login`, { redirect: redirect || undefined }),
  loginAlternate: `${authBase}/login-1`,
  loginSso: `${authBase}/login/sso`,
  ssoLogin: `${authBase}/ssoLogin`,
  ssoBadLogin: `${authBase}/ssoBadLogin`,
  ssoChooseLogin: `${authBase}/ssoChooseLogin`,
  signup: `${authBase}/signup`,
  awsMarketplaceRegister: `${authBase}/awsMarketplaceRegister`,
  postAwsMarketplaceRegistration: `${authBase}/postAwsMarketplaceRegistration`,
  azureMarketplaceRegister: `${authBase}/azureMarketplaceRegister`,
  postAzureMarketplaceRegistration: `${authBase}/postAzureMarketplaceRegistration`,
  acceptInvite: (invitationToken: string) => `${authBase}/acceptInvite/${encodeURIComponent(invitationToken)}`,
  acceptInviteExistingUser: (invitationToken: string) =>
    `${authBase}/acceptInviteExistingUser/${encodeURIComponent(invitationToken)}`,
  recoverPassword: `${authBase}/recoverPassword`,
  resetPassword: (resetToken: string) => `${authBase}/resetPassword/${encodeURIComponent(resetToken)}`,
  confirmMfa: (confirmationToken: string) => `${authBase}/confirmMfa/${encodeURIComponent(confirmationToken)}`,
} as const;

/**
 * Where a signed-out visitor of `location` signs in: the login route with a redirect parameter
 * holding the path and query, left out for the root (spec §2.1, §2.3).
 */
export function loginRedirectFor(location: { pathname: string; search?: string }): string {
  const isRoot = location.pathname === '/' || location.pathname === '';
  return authPaths.login(isRoot ? null : `${location.pathname}${location.search ?? ''}`);
}

/**
 * Accepts a redirect target only when it is a path inside the console, so a crafted link
 * cannot send a user who just signed in to another site.
 */
export function safeRedirectTarget(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  return target;
}
