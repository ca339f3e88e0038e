import { createContext, useContext } from 'react';
import type { Organization, TeamRef, User } from './session-model';

export interface OrganizationRole {
  orgRole: string;
  teams: TeamRef[];
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
  currentOrganization(): Promise<Organization>;
  organizationRole(): Promise<OrganizationRole>;
  capabilities(): Promise<string[]>;
  allowedOrganizations(): Promise<Organization[]>;
  organizationHasUsers(): Promise<boolean>;
  signInSettings(): Promise<SignInSettings>;
  tradeSession(desiredOrganizationId: string): Promise<{ token: string; user: User }>;
  signIn(input: { email: string; password: string }): Promise<SignInResult>;
  signOut(): Promise<void>;
  ssoPotentialSessions(): Promise<SsoPotentialSessions>;
  ssoSwitchSession(ssoPotentialSessionId: string): Promise<{ token: string; user: User }>;
  documentationToken(): Promise<string>;
  notifications(): Promise<NotificationItem[]>;
  consoleEvent(event: { title: string; message: string }): Promise<void>;
}

export const SessionApiContext = createContext<SessionApi | null>(null);

export function useSessionApi(): SessionApi {
  const api = useContext(SessionApiContext);
  if (!api) throw new Error('useSessionApi needs a SessionApiContext provider (apps/console provides it).');
  return api;
}
