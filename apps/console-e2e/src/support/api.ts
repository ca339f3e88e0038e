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

/** The raw sign-in answer of an account, to replay it as another call's answer. */
export async function signInBody(baseUrl: string, account: Account): Promise<unknown> {
  const response = await fetch(`${baseUrl}/api/auth/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ entity: { email: account.email, password: account.password } }),
  });
  if (!response.ok) throw new Error(`Sign-in answered ${response.status}`);
  return response.json();
}
