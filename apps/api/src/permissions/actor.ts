/** Who is calling: resolved once per request from the bearer token, passed explicitly to services. */
export interface Actor {
  userId: string;
  email: string;
  /** programmaticUser: a robot authenticated by one of its tokens (userId is its pu- id). */
  userType: 'directUser' | 'ssoUser' | 'programmaticUser';
  sessionId: string;
  organizationId: string;
  organizationType: 'regular' | 'management';
  /** admin, viewer, member, deployer, runner, or any other key (namespace-only). */
  role: string;
  customRoleId: string | null;
  /**
   * How the caller proved who it is; absent means a session. A personal access token (its pat- id
   * is then `sessionId`) acts with its user's permissions but cannot manage the account itself.
   */
  credential?: 'session' | 'personalAccessToken' | 'programmaticToken';
}
