import { Secret, TOTP } from 'otpauth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, mailedLinkToken, signUpOrganization, testPassword } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { users } from './accounts.schema';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const codeAt = (secret: string, stepOffset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), period: 30 }).generate({ timestamp: Date.now() + stepOffset * 30_000 });

type Item = Record<string, string>;

describe('MFA', () => {
  it('enrols a signed-in user, then asks for a code at sign-in, accepting each code once', async () => {
    const org = await signUpOrganization(api, 'mfa');
    const generated = await api.call<Item>('generateMfa', { token: org.token });
    const { secret, otpauthUrl } = generated.body.response.items[0] as Item;
    expect(otpauthUrl).toContain('otpauth://totp/');
    const [row] = await api.database.db.select().from(users).where(eq(users.id, org.userId));
    expect(row?.mfaSecret).not.toContain(secret as string);

    expect((await api.call('configureMfa', { token: org.token, entity: { mfaCode: '000000' } })).status).toBe(400);
    expect((await api.call('configureMfa', { token: org.token, entity: { mfaCode: codeAt(secret as string, -1) } })).status).toBe(200);
    // Not on yet: the link mailed to the account's address turns it on.
    const before = await api.call<Item>('signIn', { entity: { email: org.email, password: testPassword } });
    expect(before.body.response.items[0]?.['token']).toMatch(/^tsn_/);
    const confirmationToken = await mailedLinkToken(api, org.email, 'confirmMfa');
    expect((await api.call('confirmMfa', { entity: { confirmationToken } })).status).toBe(200);
    expect((await api.call('confirmMfa', { entity: { confirmationToken } })).status).toBe(400);

    const step = await api.call<Item>('signIn', { entity: { email: org.email, password: testPassword } });
    const pending = step.body.response.items[0] as Item;
    expect(pending).toEqual({ waitingMfaPotentialSessionId: expect.stringMatching(/^tmf_/) });

    const code = codeAt(secret as string);
    const signedIn = await api.call<Item>('signInWithMfaPotentialSession', {
      entity: { waitingMfaPotentialSessionId: pending['waitingMfaPotentialSessionId'], mfaCode: code },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.response.items[0]?.['token']).toMatch(/^tsn_/);

    // The same code again, on a new pending sign-in: refused (single use).
    const again = await api.call<Item>('signIn', { entity: { email: org.email, password: testPassword } });
    const replay = await api.call('signInWithMfaPotentialSession', {
      entity: { waitingMfaPotentialSessionId: again.body.response.items[0]?.['waitingMfaPotentialSessionId'], mfaCode: code },
    });
    expect(replay.status).toBe(400);
    // The consumed pending sign-in cannot be used twice either.
    const reuse = await api.call('signInWithMfaPotentialSession', {
      entity: { waitingMfaPotentialSessionId: pending['waitingMfaPotentialSessionId'], mfaCode: codeAt(secret as string, 1) },
    });
    expect(reuse.status).toBe(400);

    const disabled = await api.call('disableMfa', { token: org.token, entity: { mfaCode: codeAt(secret as string, 1) } });
    expect(disabled.status).toBe(200);
    const plain = await api.call<Item>('signIn', { entity: { email: org.email, password: testPassword } });
    expect(plain.body.response.items[0]?.['token']).toMatch(/^tsn_/);
  });

  it('makes users enrol at sign-in when the organization requires MFA', async () => {
    const org = await signUpOrganization(api, 'mfa-required');
    const member = await addMember(api, org.organizationId, 'member');
    await api.call('putSignInSettings', { token: org.token, entity: { requireMfaForDirectUserSignIn: true } });
    const step = await api.call<Item>('signIn', { entity: { email: member.email, password: testPassword } });
    const addMfaSessionId = step.body.response.items[0]?.['addMfaSessionId'] as string;
    expect(addMfaSessionId).toMatch(/^tmf_/);

    const early = await api.call('configureMfaWithAddMfaSession', { entity: { addMfaSessionId, mfaCode: '123456' } });
    expect(early.status).toBe(409);
    const generated = await api.call<Item>('generateMfaWithAddMfaSession', { entity: { addMfaSessionId } });
    const secret = generated.body.response.items[0]?.['secret'] as string;
    const done = await api.call<Item & { user: { mfaEnabled: boolean } }>('configureMfaWithAddMfaSession', {
      entity: { addMfaSessionId, mfaCode: codeAt(secret) },
    });
    expect(done.status).toBe(200);
    expect(done.body.response.items[0]?.['token']).toMatch(/^tsn_/);
    expect(done.body.response.items[0]?.user.mfaEnabled).toBe(true);

    const used = await api.call('generateMfaWithAddMfaSession', { entity: { addMfaSessionId } });
    expect(used.status).toBe(400);
    const token = done.body.response.items[0]?.['token'] as string;
    const refused = await api.call('disableMfa', { token, entity: { mfaCode: codeAt(secret, 1) } });
    expect(refused.status).toBe(403);
  });
});
