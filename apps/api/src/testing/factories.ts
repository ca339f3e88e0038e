import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { newId } from '../crypto/ids';
import { hashPassword } from '../crypto/password-hasher';
import { insertMembership, insertUser } from '../modules/accounts/accounts.repository';
import { mailOutbox } from '../modules/mail/mail.schema';
import type { TestApi } from './test-api';

export const testPassword = 'correct horse battery staple';

export interface SignedUp {
  token: string;
  email: string;
  userId: string;
  organizationId: string;
}

export const uniqueEmail = (label = 'user') => `${label}-${randomBytes(6).toString('hex')}@example.test`;

/** Signs up a new organization over HTTP; its admin is signed in. */
export async function signUpOrganization(api: TestApi, label = 'org'): Promise<SignedUp> {
  const email = uniqueEmail(label);
  const res = await api.call<{ token: string; user: { id: string }; organization: { id: string } }>('signUp', {
    entity: { email, password: testPassword, firstName: 'Test', lastName: label, organizationName: `${label} ${email}` },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const item = res.body.response.items[0];
  if (!item) throw new Error('sign-up answered no item');
  return { token: item.token, email, userId: item.user.id, organizationId: item.organization.id };
}

export async function signIn(api: TestApi, email: string, password = testPassword): Promise<string> {
  const res = await api.call<{ token: string }>('signIn', { entity: { email, password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response.items[0]?.token as string;
}

/**
 * Adds a user with `role` to an organization and signs them in over HTTP. Users are created
 * through the accounts repository because invitations are not implemented yet.
 */
export async function addMember(api: TestApi, organizationId: string, role: string): Promise<SignedUp> {
  const email = uniqueEmail(role);
  const userId = newId('user');
  await insertUser(api.database.db, {
    id: userId,
    email,
    firstName: 'Member',
    lastName: role,
    passwordHash: await hashPassword(testPassword),
  });
  await insertMembership(api.database.db, { organizationId, userId, role });
  return { token: await signIn(api, email), email, userId, organizationId };
}

export async function createNamespace(api: TestApi, token: string, name = `ns-${randomBytes(4).toString('hex')}`) {
  const res = await api.call<{ id: string; name: string }>('createNamespace', { token, entity: { name } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response.items[0] as { id: string; name: string };
}

/** A GitHub VCS provider of the organization (saved without reaching GitHub), for stacks to name. */
export async function createVcsProvider(api: TestApi, token: string): Promise<string> {
  const res = await api.call<{ id: string }>('createVcsProvider', {
    token,
    entity: { type: 'github', name: `vcs-${randomBytes(4).toString('hex')}`, authType: 'token', gitCloneType: 'http', credentials: { token: 'ghp_test' } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.response.items[0] as { id: string }).id;
}

/**
 * The token at the end of the console link `/auth/<path>/<token>` in the latest mail to `to`
 * (with no SMTP configured, the outbox table stands in for it).
 */
export async function mailedLinkToken(api: TestApi, to: string, path: string): Promise<string> {
  const [mail] = await api.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  const match = new RegExp(`/auth/${path}/(\\S+)`).exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no ${path} link mailed to ${to}: ${mail?.text}`);
  return match[1];
}
