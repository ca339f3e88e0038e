import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createNamespace, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';

// The variables of a stack are read and changed by whoever the stacks list shows the stack to:
// the same stack-level grants, through the composed server (real stacks, real grants).

let api: TestApi;
let org: SignedUp;

beforeAll(async () => {
  api = await createTestApi();
  org = await signUpOrganization(api, 'variables-stack-access');
});
afterAll(() => api.close());

async function createStack(namespaceId: string, name: string): Promise<string> {
  const res = await api.call<{ id: string }>('createStack', { token: org.token, entity: { stack: { name, namespaceId, iacType: 'terraform' } } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.response.items[0] as { id: string }).id;
}

async function grant(entity: Record<string, unknown>) {
  const res = await api.call('createNamespacePermission', { token: org.token, entity });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('variables of a stack granted one by one', () => {
  it('follow the stacks list: a stack it shows has readable variables, one it hides is refused', async () => {
    const ns = await createNamespace(api, org.token);
    const granted = await createStack(ns.id, 'granted');
    const hidden = await createStack(ns.id, 'hidden');
    const created = await api.call<{ id: string }>('createVariable', {
      token: org.token,
      entity: { scope: 'stack', scopeId: granted, key: 'region', type: 'tfVar', value: 'eu-west-1' },
    });
    expect(created.status).toBe(200);
    const secret = await api.call<{ id: string }>('createVariable', {
      token: org.token,
      entity: { scope: 'stack', scopeId: granted, key: 'token', type: 'envVar', value: 's3cr3t', isSensitive: true },
    });
    const secretId = (secret.body.response.items[0] as { id: string }).id;

    const user = await addMember(api, org.organizationId, 'nsOnly');
    await grant({ namespaceId: ns.id, stackId: granted, userEmail: user.email, role: 'admin' });

    const listed = await api.call<{ id: string }>('listStacks', { token: user.token, query: { page: 1, pageSize: 20 } });
    expect(listed.body.response.items.map((s) => s.id)).toEqual([granted]);

    const own = await api.call<{ key: string }>('listVariables', { token: user.token, query: { stackId: granted } });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.response.items.map((v) => v.key).sort()).toEqual(['region', 'token']);
    const effective = await api.call<{ key: string }>('listEffectiveVariables', { token: user.token, params: { stackId: granted } });
    expect(effective.status, JSON.stringify(effective.body)).toBe(200);
    expect((await api.call('getVariableSecretValue', { token: user.token, params: { variableId: secretId } })).body.response.items).toEqual([
      { id: secretId, value: 's3cr3t' },
    ]);
    const added = await api.call('createVariable', {
      token: user.token,
      entity: { scope: 'stack', scopeId: granted, key: 'size', type: 'tfVar', value: 'small' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);

    // The stack the list hides: refused, as reading the stack itself is.
    expect((await api.call('getStack', { token: user.token, params: { stackId: hidden } })).status).toBe(403);
    expect((await api.call('listVariables', { token: user.token, query: { stackId: hidden } })).status).toBe(403);
    expect((await api.call('listEffectiveVariables', { token: user.token, params: { stackId: hidden } })).status).toBe(403);
    const refused = await api.call('createVariable', { token: user.token, entity: { scope: 'stack', scopeId: hidden, key: 'x', type: 'tfVar', value: 'y' } });
    expect(refused.status).toBe(403);
    // And its namespace's variables are not theirs either: the grant is on one stack.
    expect((await api.call('listVariables', { token: user.token, query: { namespaceId: ns.id } })).status).toBe(403);
  });

  it('lists, without a filter, the variables of the stacks granted one by one too', async () => {
    const ns = await createNamespace(api, org.token);
    const granted = await createStack(ns.id, 'listed');
    const hidden = await createStack(ns.id, 'unlisted');
    for (const [stackId, key] of [
      [granted, 'seen'],
      [hidden, 'unseen'],
    ] as const) {
      const res = await api.call('createVariable', { token: org.token, entity: { scope: 'stack', scopeId: stackId, key, type: 'tfVar', value: 'v' } });
      expect(res.status).toBe(200);
    }
    const user = await addMember(api, org.organizationId, 'nsOnly');
    await grant({ namespaceId: ns.id, stackId: granted, userEmail: user.email, role: 'viewer' });
    const all = await api.call<{ key: string }>('listVariables', { token: user.token });
    expect(all.status).toBe(200);
    expect(all.body.response.items.map((v) => v.key)).toEqual(['seen']);
  });
});
