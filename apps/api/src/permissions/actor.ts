/** Who is calling: resolved once per request from the bearer token, passed explicitly to services. */
export interface Actor {
  /** A user id, or a programmatic user's id (`pu-…`) when it calls with one of its tokens. */
  userId: string;
  /** The user's e-mail; for a programmatic user, its name (what audit rows show). */
  email: string;
  userType: 'directUser' | 'ssoUser' | 'programmaticUser';
  /** The session id, or the programmatic token's id. */
  sessionId: string;
  organizationId: string;
  organizationType: 'regular' | 'management';
  /** admin, viewer, member, deployer, runner, or any other key (namespace-only). */
  role: string;
  customRoleId: string | null;
}
