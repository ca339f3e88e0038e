/** Seeds data through the real API, as a client outside the browser would. */
export interface Account {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  organizationName: string;
  token: string;
  organizationId: string;
}

let counter = 0;

export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export async function signUpAccount(baseUrl: string, organizationName: string): Promise<Account> {
  const input = {
    email: uniqueEmail('e2e'),
    password: 'Terrace-e2e-1',
    firstName: 'Grace',
    lastName: 'Hopper',
    organizationName,
  };
  const response = await fetch(`${baseUrl}/api/auth/signUp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ entity: input }),
  });
  if (!response.ok) throw new Error(`Sign-up answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { response: { items: { token: string; organization: { id: string } }[] } };
  const item = body.response.items[0];
  if (!item) throw new Error('Sign-up answered no session');
  return { ...input, token: item.token, organizationId: item.organization.id };
}

/** One call of the real API as a client outside the browser; fails on any answer but 200. */
export async function callApi<T = Record<string, unknown>>(
  baseUrl: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { token?: string; entity?: unknown } = {},
): Promise<T[]> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.entity !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.entity !== undefined ? JSON.stringify({ entity: options.entity }) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { response: { items: T[] } }).response.items;
}

/** An organization's admin invites an e-mail with a role (new or existing user). */
export async function inviteUser(baseUrl: string, admin: Account, email: string, role: string): Promise<{ id: string }> {
  const [invitation] = await callApi<{ id: string }>(baseUrl, 'POST', '/iam/org/user/invite', { token: admin.token, entity: { email, role } });
  if (!invitation) throw new Error('The invitation answered no item');
  return invitation;
}

/** A new user creates the account from the invitation token; answers the signed-in account. */
export async function createUserFromInvite(baseUrl: string, invitationToken: string, organization: Account, email: string): Promise<Account> {
  const input = { invitationToken, firstName: 'Katherine', lastName: 'Johnson', password: 'Terrace-e2e-2' };
  const [session] = await callApi<{ token: string }>(baseUrl, 'POST', '/iam/org/user/v2', { entity: input });
  if (!session) throw new Error('Creating the invited user answered no session');
  return {
    email,
    password: input.password,
    firstName: input.firstName,
    lastName: input.lastName,
    organizationName: organization.organizationName,
    organizationId: organization.organizationId,
    token: session.token,
  };
}
