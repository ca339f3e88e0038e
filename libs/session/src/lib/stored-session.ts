import type { Organization, OrganizationType, User } from './session-model';
import { storageKeys } from './storage-keys';

function storage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

function readJson(key: string): unknown {
  const raw = storage()?.getItem(key);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const emptyOrganization: Organization = { id: '', name: '', type: 'regular' };
const emptyUser: User = { email: '' };

/** Unknown organization types fall back to regular (spec §3). */
export function toOrganizationType(value: unknown): OrganizationType {
  return value === 'management' ? 'management' : 'regular';
}

/** Parses organization data from storage or a response; invalid data becomes an empty organization. */
export function toOrganization(value: unknown): Organization {
  if (!isRecord(value) || typeof value['id'] !== 'string') return { ...emptyOrganization };
  return {
    id: value['id'],
    name: typeof value['name'] === 'string' ? value['name'] : '',
    type: toOrganizationType(value['type']),
    pricingPlan: value['pricingPlan'] as Organization['pricingPlan'],
    freeTrialExpiration: typeof value['freeTrialExpiration'] === 'string' ? value['freeTrialExpiration'] : null,
  };
}

/** Parses user data; anything without an e-mail address is invalid and becomes an empty user. */
export function toUser(value: unknown): User {
  if (!isRecord(value) || typeof value['email'] !== 'string') return { ...emptyUser };
  const teams = Array.isArray(value['teams'])
    ? value['teams'].filter(isRecord).map((t) => ({ id: String(t['id'] ?? ''), name: String(t['name'] ?? t['id'] ?? '') }))
    : [];
  return {
    email: value['email'],
    firstName: typeof value['firstName'] === 'string' ? value['firstName'] : '',
    lastName: typeof value['lastName'] === 'string' ? value['lastName'] : '',
    organization: isRecord(value['organization']) ? toOrganization(value['organization']) : undefined,
    orgRole: typeof value['orgRole'] === 'string' ? value['orgRole'] : undefined,
    orgUserRole: typeof value['orgUserRole'] === 'string' ? value['orgUserRole'] : undefined,
    userType: typeof value['userType'] === 'string' ? value['userType'] : undefined,
    teams,
  };
}

export function readToken(): string | null {
  return storage()?.getItem(storageKeys.authToken) || null;
}

/** Authentication is judged solely by the presence of a stored token (spec §2.1). */
export function isAuthenticated(): boolean {
  return readToken() !== null;
}

export function readStoredUser(): User {
  return toUser(readJson(storageKeys.user));
}

export function readStoredOrganization(): Organization {
  return toOrganization(readJson(storageKeys.organization));
}

/**
 * Stores what a sign-in or session switch returns. The organization is kept on its own key as
 * well, because the header and the switcher read it before the user query has answered.
 */
export function storeSession(token: string, user: unknown): void {
  const s = storage();
  if (!s) return;
  const parsed = toUser(user);
  s.setItem(storageKeys.authToken, token);
  s.setItem(storageKeys.user, JSON.stringify(parsed));
  if (parsed.organization) s.setItem(storageKeys.organization, JSON.stringify(parsed.organization));
  s.removeItem(storageKeys.signOutTarget);
}

export function storeOrganization(organization: Organization): void {
  storage()?.setItem(storageKeys.organization, JSON.stringify(organization));
}

/**
 * Forgets the session. `target` is where the guard sends the visitor next (spec §2.1: a
 * signed-out visitor goes to the sign-out target when a sign-out was just triggered).
 */
export function clearSession(target?: string): void {
  const s = storage();
  if (!s) return;
  s.removeItem(storageKeys.authToken);
  s.removeItem(storageKeys.user);
  s.removeItem(storageKeys.organization);
  if (target) s.setItem(storageKeys.signOutTarget, target);
}

/** The pending sign-out target, if a sign-out was just triggered; it stays until the next sign-in. */
export function readSignOutTarget(): string | null {
  return storage()?.getItem(storageKeys.signOutTarget) ?? null;
}

/** Reads and forgets the pending sign-out target, so it applies once. */
export function takeSignOutTarget(): string | null {
  const s = storage();
  const target = s?.getItem(storageKeys.signOutTarget) ?? null;
  if (target) s?.removeItem(storageKeys.signOutTarget);
  return target;
}
