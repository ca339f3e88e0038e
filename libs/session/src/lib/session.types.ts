import type { CustomRoleGrant } from '@terrace/domain';
import type { TeamRef, User } from './session-model';

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

export interface AiFeaturesSettings {
  enabled: boolean;
  consented: boolean;
}
