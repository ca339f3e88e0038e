import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../crypto/opaque-token';
import { mailedLinkToken, signUpOrganization, testPassword, uniqueEmail } from '../../testing/factories';
import { createTestApi, type ApiResponse, type TestApi } from '../../testing/test-api';
import { authThrottles } from './throttle.schema';

// Two API instances on the same PostgreSQL stand for the two listeners (and for replicas): the
// counters are rows in PostgreSQL, so a limit reached through one holds on the other. Client
// addresses come from X-Forwarded-For (trustProxy), one random address per "attacker machine".

const limits = {
  signInFailuresPerAccount: 5,
  signInFailuresPerAddress: 8,
  mfaFailuresPerSignIn: 3,
  mfaFailuresPerAccount: 5,
  mailsPerRecipient: 3,
};
const windowSeconds = 15 * 60;
const mailWindowSeconds = 60 * 60;

let one: TestApi;
let other: TestApi;
beforeAll(async () => {
  const shared = { guessing: limits, http: { trustProxy: true }, poolSize: 6, masterKey: randomBytes(32) };
  one = await createTestApi(shared);
  other = await createTestApi(shared);
});
afterAll(async () => {
  await one.close();
  await other.close();
});

const newAddress = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const signIn = (api: TestApi, email: string, password: string, address = newAddress()) =>
  api.call<Record<string, string>>('signIn', { entity: { email, password }, headers: { 'x-forwarded-for': address } });

function expectLimited(res: ApiResponse, message: RegExp, window = windowSeconds) {
  expect(res.status, JSON.stringify(res.body)).toBe(429);
  expect(res.body.response.errors[0]).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(message) });
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(window);
}

describe('failed sign-ins per account', () => {
  it('limits wrong passwords for one account from many addresses, across listeners, even for the right password', async () => {
    const org = await signUpOrganization(one, 'guess-account');
    for (let i = 0; i < limits.signInFailuresPerAccount; i++) {
      expect((await signIn(i % 2 ? one : other, org.email, `wrong ${i}`)).status).toBe(400);
    }
    expectLimited(await signIn(one, org.email, testPassword), /failed sign-ins for this account/);
    expectLimited(await signIn(other, org.email.toUpperCase(), testPassword), /failed sign-ins for this account/);
  });

  it('limits unknown e-mails the same way (a limit reveals nothing about accounts)', async () => {
    const email = uniqueEmail('nobody');
    for (let i = 0; i < limits.signInFailuresPerAccount; i++) expect((await signIn(one, email, 'guess')).status).toBe(400);
    expectLimited(await signIn(other, email, 'guess'), /this account/);
  });

  it('counts parallel guesses exactly: no more wrong passwords are checked than the limit', async () => {
    const org = await signUpOrganization(one, 'guess-burst');
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => signIn(i % 2 ? one : other, org.email, `burst ${i}`)));
    expect(answers.filter((a) => a.status === 400)).toHaveLength(limits.signInFailuresPerAccount);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(16 - limits.signInFailuresPerAccount);
  });

  it('a successful sign-in forgives the account its earlier failures', async () => {
    const org = await signUpOrganization(one, 'guess-forgive');
    for (let i = 0; i < limits.signInFailuresPerAccount - 1; i++) await signIn(one, org.email, 'typo');
    expect((await signIn(one, org.email, testPassword)).status).toBe(200);
    for (let i = 0; i < limits.signInFailuresPerAccount - 1; i++) expect((await signIn(one, org.email, 'typo')).status).toBe(400);
    expect((await signIn(one, org.email, testPassword)).status).toBe(200);
  });
});

describe('failed sign-ins per address', () => {
  it('limits one address guessing many accounts, across listeners; other addresses are not affected', async () => {
    const victim = await signUpOrganization(one, 'guess-victim');
    const attacker = newAddress();
    for (let i = 0; i < limits.signInFailuresPerAddress; i++) {
      expect((await signIn(i % 2 ? one : other, uniqueEmail('spray'), 'password1', attacker)).status).toBe(400);
    }
    expectLimited(await signIn(one, victim.email, testPassword, attacker), /from your address/);
    expect((await signIn(other, victim.email, testPassword, newAddress())).status).toBe(200);
  });

  it("signing in to one's own account does not reset the address's failures on other accounts", async () => {
    const own = await signUpOrganization(one, 'guess-own');
    const attacker = newAddress();
    for (let i = 0; i < limits.signInFailuresPerAddress - 1; i++) await signIn(one, uniqueEmail('spray'), 'password1', attacker);
    // A success from the address in between…
    expect((await signIn(other, own.email, testPassword, attacker)).status).toBe(200);
    // …leaves the address one failure short of the limit, not back at zero.
    expect((await signIn(one, uniqueEmail('spray'), 'password1', attacker)).status).toBe(400);
    expectLimited(await signIn(one, uniqueEmail('spray'), 'password1', attacker), /from your address/);
  });
});

describe('MFA codes', () => {
  const codeAt = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), period: 30 }).generate();

  async function userWithMfa() {
    const org = await signUpOrganization(one, 'guess-mfa');
    const generated = await one.call<Record<string, string>>('generateMfa', { token: org.token });
    const secret = generated.body.response.items[0]?.['secret'] as string;
    expect((await one.call('configureMfa', { token: org.token, entity: { mfaCode: codeAt(secret) } })).status).toBe(200);
    const confirmationToken = await mailedLinkToken(one, org.email, 'confirmMfa');
    expect((await one.call('confirmMfa', { entity: { confirmationToken } })).status).toBe(200);
    return { org, secret };
  }

  const pendingSignIn = async (email: string) =>
    (await signIn(one, email, testPassword)).body.response.items[0]?.['waitingMfaPotentialSessionId'] as string;

  const withCode = (api: TestApi, waitingMfaPotentialSessionId: string, mfaCode: string) =>
    api.call('signInWithMfaPotentialSession', { entity: { waitingMfaPotentialSessionId, mfaCode } });

  it('limits wrong codes on one pending sign-in, and across pending sign-ins of the account', async () => {
    const { org, secret } = await userWithMfa();
    const wrong = (codeAt(secret) === '000000' ? '111111' : '000000');
    const first = await pendingSignIn(org.email);
    for (let i = 0; i < limits.mfaFailuresPerSignIn; i++) expect((await withCode(i % 2 ? one : other, first, wrong)).status).toBe(400);
    expectLimited(await withCode(one, first, codeAt(secret)), /MFA codes for this sign-in/);

    // A new pending sign-in gets its own tries, but the account's limit still counts the old ones.
    const second = await pendingSignIn(org.email);
    for (let i = 0; i < limits.mfaFailuresPerAccount - limits.mfaFailuresPerSignIn; i++) {
      expect((await withCode(other, second, wrong)).status).toBe(400);
    }
    expectLimited(await withCode(one, second, codeAt(secret)), /MFA codes for this account/);
  });
});

describe('mail per recipient', () => {
  it('limits password-recovery requests per e-mail address, known or not', async () => {
    const org = await signUpOrganization(one, 'guess-recover');
    for (let i = 0; i < limits.mailsPerRecipient; i++) {
      expect((await (i % 2 ? one : other).call('recoverPassword', { entity: { email: org.email } })).status).toBe(200);
    }
    const refused = await one.call('recoverPassword', { entity: { email: org.email } });
    expectLimited(refused, /password-recovery requests/, mailWindowSeconds);
    const unknown = uniqueEmail('unknown');
    for (let i = 0; i < limits.mailsPerRecipient; i++) await other.call('recoverPassword', { entity: { email: unknown } });
    expect((await one.call('recoverPassword', { entity: { email: unknown } })).status).toBe(429);
  });

  it('limits invitations per e-mail address, across organizations', async () => {
    const email = uniqueEmail('popular');
    for (let i = 0; i < limits.mailsPerRecipient; i++) {
      const org = await signUpOrganization(i % 2 ? one : other, 'guess-inviter');
      expect((await one.call('inviteUser', { token: org.token, entity: { email, role: 'member' } })).status).toBe(200);
    }
    const last = await signUpOrganization(one, 'guess-inviter');
    expectLimited(await other.call('inviteUser', { token: last.token, entity: { email, role: 'member' } }), /invitations to this e-mail address/, mailWindowSeconds);
  });
});

describe('the counters table', () => {
  it('drops counters whose window has ended as new attempts arrive', async () => {
    const stale = hashToken(`stale-${randomBytes(8).toString('hex')}`);
    await one.database.db.insert(authThrottles).values({ keyHash: stale, attempts: 3, windowEndsAt: sql`now() - interval '1 minute'` });
    await signIn(one, uniqueEmail('prune'), 'x');
    const rows = await one.database.db.select().from(authThrottles).where(sql`${authThrottles.keyHash} = ${stale}`);
    expect(rows).toEqual([]);
  });
});
