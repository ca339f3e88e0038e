import { createContext, useContext } from 'react';
import type { CustomRoleGrant } from '@terrace/domain';
import type { Organization, TeamRef, User } from './session-model';

export interface OrganizationRole {
  orgRole: string;
  teams: TeamRef[];
  /** What the custom organization role grants, so the console decides as the server does. */
  customRole?: CustomRoleGrant | null;
}

export interface SignInSettings {
  requireSsoSignIn: boolean;
  requireMfaForDirectUserSignIn: boolean;
}

export interface NotificationItem {
  title: string;
  text: string;
  linkText?: string;
  linkUrl?: string;
  date: string;
}

export interface SsoPotentialSession {
  id: string;
  orgName: string;
  displayOrgRole: string;
  teams: { id?: string; name?: string }[];
}

export interface SsoPotentialSessions {
  ssoPotentialSessions: SsoPotentialSession[];
  currentSessionPotentialSessionId: string | null;
}

/** What signing in answers: a session, or the next step the user must take first. */
export type SignInResult =
  | { kind: 'session'; token: string; user: User }
  | { kind: 'mfaRequired'; waitingMfaPotentialSessionId: string }
  | { kind: 'mfaSetupRequired'; addMfaSessionId: string };

/**
 * The calls the session and the shell make, as one port. The console builds it on the shared
 * API client (createSessionApi), so every call carries the client's token, time-out and error
 * catalogue; tests use the same adapter against MSW handlers typed from the contract.
 */
export interface SessionApi {
  currentUser(): Promise<User>;
  organizationRole(): Promise<OrganizationRole>;
  capabilities(): Promise<string[]>;
  allowedOrganizations(): Promise<Organization[]>;
  organizationHasUsers(): Promise<boolean>;
  signInSettings(): Promise<SignInSettings>;
  tradeSession(desiredOrganizationId: string): Promise<{ token: string; user: User }>;
  signOut(): Promise<void>;
  ssoPotentialSessions(): Promise<SsoPotentialSessions>;
  ssoSwitchSession(ssoPotentialSessionId: string): Promise<{ token: string; user: User }>;
  documentationToken(): Promise<string>;
  notifications(): Promise<NotificationItem[]>;
  consoleEvent(event: { title: string; message: string }): Promise<void>;
  /** The organization configuration's AI features (spec §3); both false before anything is configured. */
  aiFeatures(): Promise<AiFeaturesSettings>;
}

export interface AiFeaturesSettings {
  enabled: boolean;
  consented: boolean;
}

export interface MfaSecret {
  /** otpauth:// URI for authenticator apps (shown as a QR code or typed in). */
  otpauthUrl: string;
  secret: string;
}

export interface SignUpInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  organizationName: string;
}

/**
 * The public calls of the sign-in flows (spec §7, marked with the public-request header): they
 * need no token and answer either a session or the next step.
 */
export interface AuthApi {
  signIn(input: { email: string; password: string }): Promise<SignInResult>;
  signInWithMfa(input: { waitingMfaPotentialSessionId: string; mfaCode: string }): Promise<SignInResult>;
  generateMfaSecret(addMfaSessionId: string): Promise<MfaSecret>;
  configureMfa(input: { addMfaSessionId: string; mfaCode: string }): Promise<SignInResult>;
  confirmMfa(confirmationToken: string): Promise<void>;
  signUp(input: SignUpInput): Promise<SignInResult>;
  ssoSignInRequest(email: string): Promise<{ redirectUrl: string }>;
  ssoSignInWithPotentialSession(ssoPotentialSessionId: string): Promise<SignInResult>;
  awsMarketplaceRegistration(input: SignUpInput & { marketplaceToken: string }): Promise<SignInResult>;
  /** No body: the purchase token Azure put in the landing page's `token` query parameter goes in the query. */
  azureMarketplaceRegistration(purchaseToken: string): Promise<SignInResult>;
  createUserFromInvite(input: { invitationToken: string; firstName: string; lastName: string; password: string }): Promise<SignInResult>;
  acceptInvite(invitationToken: string): Promise<void>;
  recoverPassword(email: string): Promise<void>;
  resetPassword(input: { resetToken: string; password: string }): Promise<void>;
}

export const AuthApiContext = createContext<AuthApi | null>(null);

export function useAuthApi(): AuthApi {
  const api = useContext(AuthApiContext);
  if (!api) throw new Error('useAuthApi needs an AuthApiContext provider (apps/console provides it).');
  return api;
}

export const SessionApiContext = createContext<SessionApi | null>(null);

export function useSessionApi(): SessionApi {
  const api = useContext(SessionApiContext);
  if (!api) throw new Error('useSessionApi needs a SessionApiContext provider (apps/console provides it).');
  return api;
}
