import { hashToken } from '../../crypto/opaque-token';
import type { Database } from '../../db/database';
import { DomainError } from '../../http/domain-error';
import { clearAttempts, giveBackAttempt, takeAttempts } from './throttle.repository';

/**
 * Limits on guessing secrets and on mail sent to one address, read once at start (config.ts,
 * documented in apps/api/README.md). Counters live in PostgreSQL (auth_throttles), so every
 * listener and every replica shares them.
 */
export interface GuessingLimits {
  /** Fixed window of the sign-in and MFA counters. */
  windowMs: number;
  /** Failed sign-ins per account (e-mail), from any address. */
  signInFailuresPerAccount: number;
  /** Failed sign-ins per client address, on any accounts. */
  signInFailuresPerAddress: number;
  /** Wrong MFA codes per pending sign-in. */
  mfaFailuresPerSignIn: number;
  /** Wrong MFA codes per user, across pending sign-ins and MFA disabling. */
  mfaFailuresPerAccount: number;
  /** Fixed window of the mail counters. */
  mailWindowMs: number;
  /** Invitations, and separately password-recovery mails, per e-mail address. */
  mailsPerRecipient: number;
}

export const defaultGuessingLimits: GuessingLimits = {
  windowMs: 15 * 60_000,
  signInFailuresPerAccount: 10,
  signInFailuresPerAddress: 100,
  mfaFailuresPerSignIn: 5,
  mfaFailuresPerAccount: 10,
  mailWindowMs: 60 * 60_000,
  mailsPerRecipient: 5,
};

/** A counter: what it counts (hashed before storage) and its limit. */
export interface Throttle {
  key: string;
  max: number;
  windowMs: number;
  /** What the 429 message says is limited. */
  what: string;
}

export const normalEmail = (email: string) => email.trim().toLowerCase();

export const throttles = {
  signInAccount: (limits: GuessingLimits, email: string): Throttle => ({
    key: `signIn:account:${normalEmail(email)}`,
    max: limits.signInFailuresPerAccount,
    windowMs: limits.windowMs,
    what: 'Too many failed sign-ins for this account',
  }),
  signInAddress: (limits: GuessingLimits, address: string): Throttle => ({
    key: `signIn:address:${address}`,
    max: limits.signInFailuresPerAddress,
    windowMs: limits.windowMs,
    what: 'Too many failed sign-ins from your address',
  }),
  mfaSignIn: (limits: GuessingLimits, pendingIdHash: string): Throttle => ({
    key: `mfa:signIn:${pendingIdHash}`,
    max: limits.mfaFailuresPerSignIn,
    windowMs: limits.windowMs,
    what: 'Too many wrong MFA codes for this sign-in',
  }),
  mfaAccount: (limits: GuessingLimits, userId: string): Throttle => ({
    key: `mfa:account:${userId}`,
    max: limits.mfaFailuresPerAccount,
    windowMs: limits.windowMs,
    what: 'Too many wrong MFA codes for this account',
  }),
  mail: (limits: GuessingLimits, purpose: 'invitation' | 'recovery', email: string): Throttle => ({
    key: `mail:${purpose}:${normalEmail(email)}`,
    max: limits.mailsPerRecipient,
    windowMs: limits.mailWindowMs,
    what: purpose === 'invitation' ? 'Too many invitations to this e-mail address' : 'Too many password-recovery requests for this e-mail address',
  }),
};

export class TooManyAttempts extends DomainError {
  constructor(message: string, retryAfterSeconds: number) {
    super('rate_limited', message, null, retryAfterSeconds);
    this.name = 'TooManyAttempts';
  }
}

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Counts one attempt on each throttle before the secret is checked (or the mail sent); over a
 * limit, refuses with 429 and Retry-After (the longest wait of the limits reached). The attempt
 * stays counted: a failure needs nothing more; a success calls `succeeded` (see README: a success
 * clears its own account's counter, never an address's). Counting first, atomically, is what
 * keeps parallel guesses from all passing a check made before any of them is recorded.
 */
export async function attempt(db: Database, list: Throttle[]): Promise<void> {
  const taken = await takeAttempts(
    db,
    list.map((t) => ({ keyHash: hashToken(t.key), windowMs: t.windowMs })),
  );
  let refusal: { what: string; retryAfterSeconds: number } | undefined;
  for (const [i, t] of list.entries()) {
    const counted = taken[i];
    if (counted && counted.attempts > t.max && counted.retryAfterSeconds > (refusal?.retryAfterSeconds ?? 0)) {
      refusal = { what: t.what, retryAfterSeconds: counted.retryAfterSeconds };
    }
  }
  if (refusal) {
    // A refused attempt checks nothing, so it is not a failure on the counters still under their
    // limit (a locked account does not use up the address's tries, nor the reverse).
    for (const [i, t] of list.entries()) {
      const counted = taken[i];
      if (counted && counted.attempts <= t.max) await giveBackAttempt(db, counted.keyHash);
    }
    throw new TooManyAttempts(`${refusal.what}; try again in ${waitText(refusal.retryAfterSeconds)}`, refusal.retryAfterSeconds);
  }
}

/** After a success: `clear` counters start over (the account's own), `giveBack` ones only lose this attempt. */
export async function succeeded(db: Database, outcome: { clear?: Throttle[]; giveBack?: Throttle[] }): Promise<void> {
  for (const t of outcome.clear ?? []) await clearAttempts(db, hashToken(t.key));
  for (const t of outcome.giveBack ?? []) await giveBackAttempt(db, hashToken(t.key));
}
