import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertMatchesContract, operationsById } from '../testing/contract';
import { addMember, createNamespace, signUpOrganization, type SignedUp } from '../testing/factories';
import { createTestApi, type TestApi } from '../testing/test-api';

// The calls of the product's public Go SDK and Terraform provider (spec/api-evidence.md), sent as
// those clients send them: at the root of the host, `Content-Type: application/json` on every
// request (DELETE and GET without a body included), the body `{"entity": X}` as Go's encoder
// writes it (keys sorted, HTML characters escaped, a trailing newline), unused fields as explicit
// `null`. The clients accept HTTP 200 only, read `response.items[0]`, and look for the error
// codes `not_found`, `already_exist` and `validation_error`. Every answer is also checked against
// the OpenAPI description.

let api: TestApi;
let admin: SignedUp;

beforeAll(async () => {
  api = await createTestApi({ http: { apiPrefix: '' } });
  admin = await signUpOrganization(api, 'sdk');
});
afterAll(() => api.close());

/** What Go's json.Encoder writes for the SDK's map-based bodies. */
function goJson(value: unknown): string {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sorted)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted((v as Record<string, unknown>)[k])]))
        : v;
  return `${JSON.stringify(sorted(value)).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')}\n`;
}

const sdkHeaders = (token: string) => ({
  'user-agent': 'controlmonkey-sdk-go/1.13.0',
  authorization: `Bearer ${token}`,
  'content-type': 'application/json',
  accept: 'application/json',
  'accept-encoding': 'gzip',
});

interface Answer<T> {
  status: number;
  body: { request: { id: string }; response: { items: T[]; errors: { code: string; message: string; field?: string | null }[] } };
}

/** One SDK call: method and path as the SDK writes them; `entity` wrapped as the SDK wraps it. */
async function sdk<T = Record<string, unknown>>(
  operationId: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  entity?: unknown,
  token = admin.token,
): Promise<Answer<T>> {
  const op = operationsById.get(operationId);
  expect(op, `${operationId} is in the description`).toBeDefined();
  expect(op?.method.toUpperCase()).toBe(method);
  const res = await api.app.inject({
    method,
    url,
    headers: sdkHeaders(token),
    ...(entity !== undefined ? { payload: goJson({ entity }) } : {}),
  });
  const body = res.json() as Answer<T>['body'];
  assertMatchesContract(op, res.statusCode, body);
  expect(body.request.id).toEqual(expect.any(String));
  return { status: res.statusCode, body };
}

function expectOk<T>(res: Answer<T>): T[] {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.response.errors).toEqual([]);
  return res.body.response.items;
}

function expectError<T>(res: Answer<T>, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.response.items).toEqual([]);
  expect(res.body.response.errors[0]?.code).toBe(code);
}

describe('the wire format the clients rely on', () => {
  it('treats an empty body sent as application/json as no body, on DELETE, GET and over a real socket', async () => {
    const ns = await createNamespace(api, admin.token);
    // fastify.inject: no payload at all.
    expectOk(await sdk('getNamespace', 'GET', `/namespace/${ns.id}`));
    // With an explicit Content-Length: 0 (how many HTTP libraries send an empty DELETE).
    const zero = await api.app.inject({
      method: 'DELETE',
      url: `/namespace/${ns.id}`,
      headers: { ...sdkHeaders(admin.token), 'content-length': '0' },
    });
    expect(zero.statusCode, zero.body).toBe(200);

    // Byte for byte what Go's net/http writes for the SDK's DeleteNamespace: no Content-Length.
    const other = await createNamespace(api, admin.token);
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = api.app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          `DELETE /namespace/${other.id} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUser-Agent: controlmonkey-sdk-go/1.13.0\r\n` +
            `Accept: application/json\r\nAuthorization: Bearer ${admin.token}\r\nContent-Type: application/json\r\n` +
            'Accept-Encoding: gzip\r\nConnection: close\r\n\r\n',
        );
      });
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toMatchObject({ response: { items: [{ id: other.id }], errors: [] } });

    // A missing id answers 404 with the code the clients look for.
    expectError(await sdk('deleteNamespace', 'DELETE', `/namespace/${ns.id}`), 404, 'not_found');
    expectError(await sdk('getNamespace', 'GET', `/namespace/${ns.id}`), 404, 'not_found');
  });

  it('has the paths the clients call beyond the catalogue, GET /stack/dependency/{dependencyId} included', async () => {
    const op = operationsById.get('getStackDependency');
    expect(op).toMatchObject({ method: 'get', path: '/stack/dependency/{dependencyId}' });
    // The path is routed (not the 404 of an unknown path): an unknown dependency is not_found in the envelope.
    const res = await api.app.inject({ method: 'GET', url: '/stack/dependency/sdep-abcdef', headers: sdkHeaders(admin.token) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ request: { id: expect.any(String) }, response: { items: [], errors: [{ code: 'not_found', message: 'Stack dependency not found: sdep-abcdef' }] } });
    expect(operationsById.get('deleteOrganizationConfiguration')).toMatchObject({ method: 'delete', path: '/org/configuration' });
  });
});

describe('IAM as the SDK and provider call it', () => {
  it('teams: create, list filters, read, update (null clears), delete without a body, then not_found', async () => {
    const [team] = expectOk(await sdk<{ id: string; name: string; customIdpId: string | null }>('createTeam', 'POST', '/iam/org/team', { name: 'SDK team', customIdpId: 'idp-group-1' }));
    expect(team).toMatchObject({ id: expect.stringMatching(/^team-/), name: 'SDK team', customIdpId: 'idp-group-1' });
    const id = team?.id as string;

    expect(expectOk(await sdk('listTeams', 'GET', `/iam/org/team?teamId=${id}`))).toHaveLength(1);
    expect(expectOk(await sdk('listTeams', 'GET', `/iam/org/team?teamName=${encodeURIComponent('SDK team')}`))).toHaveLength(1);
    expect(expectOk(await sdk('listTeams', 'GET', '/iam/org/team?teamId=team-doesnotexist'))).toEqual([]);
    expect(expectOk(await sdk('listTeams', 'GET', '/iam/org/team?teamName=nobody'))).toEqual([]);
    expect(expectOk(await sdk('getTeam', 'GET', `/iam/org/team/${id}`))[0]).toMatchObject({ id, name: 'SDK team' });

    expectError(await sdk('createTeam', 'POST', '/iam/org/team', { name: 'SDK team' }), 409, 'already_exist');
    const [updated] = expectOk(await sdk('updateTeam', 'PUT', `/iam/org/team/${id}`, { customIdpId: null, name: 'SDK team 2' }));
    expect(updated).toMatchObject({ id, name: 'SDK team 2', customIdpId: null });

    expectOk(await sdk('deleteTeam', 'DELETE', `/iam/org/team/${id}`));
    expectError(await sdk('deleteTeam', 'DELETE', `/iam/org/team/${id}`), 404, 'not_found');
    expectError(await sdk('getTeam', 'GET', `/iam/org/team/${id}`), 404, 'not_found');
  });

  it('team users: userEmail in bodies, email in list items, DELETE with a body, then not_found', async () => {
    const member = await addMember(api, admin.organizationId, 'member');
    const [team] = expectOk(await sdk<{ id: string }>('createTeam', 'POST', '/iam/org/team', { name: 'Team users' }));
    const teamId = team?.id as string;
    expectOk(await sdk('addTeamUser', 'POST', '/iam/org/teamUser', { teamId, userEmail: member.email }));
    expectError(await sdk('addTeamUser', 'POST', '/iam/org/teamUser', { teamId, userEmail: member.email }), 409, 'already_exist');
    const listed = expectOk(await sdk<{ email: string }>('listTeamUsers', 'GET', `/iam/org/teamUser?teamId=${teamId}`));
    expect(listed.map((u) => u.email)).toEqual([member.email]);
    expect(expectOk(await sdk('listTeamUsers', 'GET', '/iam/org/teamUser?teamId=team-doesnotexist'))).toEqual([]);

    expectOk(await sdk('removeTeamUser', 'DELETE', '/iam/org/teamUser', { teamId, userEmail: member.email }));
    expectError(await sdk('removeTeamUser', 'DELETE', '/iam/org/teamUser', { teamId, userEmail: member.email }), 404, 'not_found');
    expectOk(await sdk('deleteTeam', 'DELETE', `/iam/org/team/${teamId}`));
    expectError(await sdk('removeTeamUser', 'DELETE', '/iam/org/teamUser', { teamId, userEmail: member.email }), 404, 'not_found');
  });

  it('namespace permissions: explicit nulls, create as update, role in the delete body, namespace not found', async () => {
    const ns = await createNamespace(api, admin.token);
    const [team] = expectOk(await sdk<{ id: string }>('createTeam', 'POST', '/iam/org/team', { name: 'Perm team' }));
    const teamId = team?.id as string;
    const permission = (role: string) => ({
      customRoleId: null,
      namespaceId: ns.id,
      programmaticUserName: null,
      role,
      teamId,
      userEmail: null,
    });
    expectOk(await sdk('createNamespacePermission', 'POST', '/iam/org/namespacePermission', permission('viewer')));
    // The provider updates a permission by creating it again with the new role.
    expectOk(await sdk('createNamespacePermission', 'POST', '/iam/org/namespacePermission', permission('admin')));
    const listed = expectOk(await sdk('listNamespacePermissions', 'GET', `/iam/org/namespacePermission?namespaceId=${ns.id}`));
    expect(listed).toEqual([{ namespaceId: ns.id, stackId: null, teamId, role: 'admin', customRoleId: null }]);
    expect(expectOk(await sdk('listNamespacePermissions', 'GET', '/iam/org/namespacePermission?namespaceId=ns-doesnotexist'))).toEqual([]);

    // Older providers echo the whole permission (role included) in the delete body.
    expectOk(await sdk('deleteNamespacePermission', 'DELETE', '/iam/org/namespacePermission', permission('admin')));
    // Newer ones send the key only; the permission is gone now.
    const gone = await sdk('deleteNamespacePermission', 'DELETE', '/iam/org/namespacePermission', { namespaceId: ns.id, teamId });
    expectError(gone, 404, 'not_found');

    const missingNamespace = { ...permission('viewer'), namespaceId: 'ns-doesnotexist0' };
    const created = await sdk('createNamespacePermission', 'POST', '/iam/org/namespacePermission', missingNamespace);
    expectError(created, 404, 'not_found');
    expect(created.body.response.errors[0]?.message).toContain('Namespace not found');
    const deleted = await sdk('deleteNamespacePermission', 'DELETE', '/iam/org/namespacePermission', missingNamespace);
    expectError(deleted, 404, 'not_found');
    expect(deleted.body.response.errors[0]?.message).toContain('Namespace not found');
  });

  it('custom roles: created without type, null fields, list filters by id and name, delete then not_found', async () => {
    const [role] = expectOk(
      await sdk<{ id: string; type: string; stackRestriction: string }>('createCustomRole', 'POST', '/iam/org/customRole', {
        description: null,
        name: 'SDK deployer',
        permissions: [{ name: 'stack:create' }, { name: 'deployment:approve' }],
        stackRestriction: null,
      }),
    );
    expect(role).toMatchObject({ id: expect.stringMatching(/^cro-/), type: 'namespaceRole', stackRestriction: 'none', description: null });
    const id = role?.id as string;

    expect(expectOk(await sdk('listCustomRoles', 'GET', `/iam/org/customRole?customRoleId=${id}`))).toHaveLength(1);
    expect(expectOk(await sdk('listCustomRoles', 'GET', '/iam/org/customRole?customRoleName=SDK+deployer'))).toHaveLength(1);
    expect(expectOk(await sdk('listCustomRoles', 'GET', '/iam/org/customRole?customRoleId=cro-doesnotexist'))).toEqual([]);
    expect(expectOk(await sdk('listCustomRoles', 'GET', '/iam/org/customRole?customRoleName=nobody'))).toEqual([]);

    const [updated] = expectOk(
      await sdk('updateCustomRole', 'PUT', `/iam/org/customRole/${id}`, { description: 'Deploys', stackRestriction: 'restrictWriteToOwnStacks' }),
    );
    expect(updated).toMatchObject({ id, description: 'Deploys', stackRestriction: 'restrictWriteToOwnStacks' });
    const [cleared] = expectOk(await sdk('updateCustomRole', 'PUT', `/iam/org/customRole/${id}`, { description: null, stackRestriction: null }));
    expect(cleared).toMatchObject({ description: null, stackRestriction: 'none' });
    expect(expectOk(await sdk('getCustomRole', 'GET', `/iam/org/customRole/${id}`))[0]).toMatchObject({ id, name: 'SDK deployer' });
    // Permissions are optional in the provider: absent on create, null when removed.
    const [bare] = expectOk(await sdk<{ id: string; permissions: unknown[] }>('createCustomRole', 'POST', '/iam/org/customRole', { name: 'SDK bare' }));
    expect(bare?.permissions).toEqual([]);
    const [emptied] = expectOk(await sdk('updateCustomRole', 'PUT', `/iam/org/customRole/${id}`, { permissions: null }));
    expect(emptied).toMatchObject({ permissions: [] });

    expectOk(await sdk('deleteCustomRole', 'DELETE', `/iam/org/customRole/${id}`));
    expectError(await sdk('deleteCustomRole', 'DELETE', `/iam/org/customRole/${id}`), 404, 'not_found');
    expectError(await sdk('getCustomRole', 'GET', `/iam/org/customRole/${id}`), 404, 'not_found');
  });

  it('custom ABAC configurations: teamIds null, list filters by id and name, delete then not_found', async () => {
    const [team] = expectOk(await sdk<{ id: string }>('createTeam', 'POST', '/iam/org/team', { name: 'ABAC team' }));
    const [abac] = expectOk(
      await sdk<{ id: string; roles: unknown[] }>('createCustomAbacConfiguration', 'POST', '/iam/org/customAbacConfiguration', {
        customAbacId: 'okta-group-engineers',
        name: 'Engineers',
        roles: [{ orgId: admin.organizationId, orgRole: 'viewer', teamIds: null }],
      }),
    );
    expect(abac?.roles).toEqual([{ orgId: admin.organizationId, orgRole: 'viewer' }]);
    const id = abac?.id as string;

    expect(expectOk(await sdk('listCustomAbacConfigurations', 'GET', `/iam/org/customAbacConfiguration?customAbacConfigurationId=${id}`))).toHaveLength(1);
    expect(expectOk(await sdk('listCustomAbacConfigurations', 'GET', '/iam/org/customAbacConfiguration?customAbacConfigurationName=Engineers'))).toHaveLength(1);
    expect(expectOk(await sdk('listCustomAbacConfigurations', 'GET', '/iam/org/customAbacConfiguration?customAbacConfigurationName=nobody'))).toEqual([]);

    const roles = [{ orgId: admin.organizationId, orgRole: 'member', teamIds: [team?.id] }];
    const [updated] = expectOk(await sdk('updateCustomAbacConfiguration', 'PUT', `/iam/org/customAbacConfiguration/${id}`, { roles }));
    expect(updated).toMatchObject({ id, roles });
    expect(expectOk(await sdk('getCustomAbacConfiguration', 'GET', `/iam/org/customAbacConfiguration/${id}`))[0]).toMatchObject({ roles });

    expectOk(await sdk('deleteCustomAbacConfiguration', 'DELETE', `/iam/org/customAbacConfiguration/${id}`));
    expectError(await sdk('deleteCustomAbacConfiguration', 'DELETE', `/iam/org/customAbacConfiguration/${id}`), 404, 'not_found');
  });
});

describe('namespaces as the SDK and provider call them', () => {
  it('creates with explicit nulls in nested settings, filters by id and name, updates partially, deletes', async () => {
    const name = `sdk-ns-${Date.now()}`;
    const [ns] = expectOk(
      await sdk<{ id: string }>('createNamespace', 'POST', '/namespace', {
        deploymentApprovalPolicy: { overrideBehavior: null, rules: [{ type: 'requireApproval' }] },
        description: null,
        externalCredentials: [{ awsProfileName: null, externalCredentialsId: 'ext-abcdef', type: 'awsAssumeRole' }],
        iacConfig: { opentofuVersion: null, terraformVersion: '1.5.7', terragruntVersion: null },
        name,
        runnerConfig: { groups: null, isOverridable: null, mode: 'managed' },
        capabilities: { deployOnPush: { isOverridable: null, status: 'enabled' }, driftDetection: null },
      }),
    );
    const id = ns?.id as string;
    expect(expectOk(await sdk('listNamespaces', 'GET', `/namespace?namespaceId=${id}`))).toHaveLength(1);
    expect(expectOk(await sdk('listNamespaces', 'GET', `/namespace?namespaceName=${name}`))).toHaveLength(1);
    expect(expectOk(await sdk('listNamespaces', 'GET', '/namespace?namespaceName=nothing-by-this-name'))).toEqual([]);
    const [updated] = expectOk(await sdk('updateNamespace', 'PUT', `/namespace/${id}`, { description: 'From Terraform', runnerConfig: null }));
    expect(updated).toMatchObject({ id, description: 'From Terraform', runnerConfig: null, iacConfig: { terraformVersion: '1.5.7' } });
    expectOk(await sdk('deleteNamespace', 'DELETE', `/namespace/${id}`));
    expectError(await sdk('deleteNamespace', 'DELETE', `/namespace/${id}`), 404, 'not_found');
  });
});

describe('organization configuration as the SDK and provider call it', () => {
  it('reads empty items before configuration, upserts the SDK field names, deletes (audited, repeatable), reads empty again', async () => {
    const org = await signUpOrganization(api, 'sdk-config');
    expect(expectOk(await sdk('getOrganizationConfiguration', 'GET', '/org/configuration', undefined, org.token))).toEqual([]);
    // Destroying what was never configured succeeds with empty items, like the read.
    expect(expectOk(await sdk('deleteOrganizationConfiguration', 'DELETE', '/org/configuration', undefined, org.token))).toEqual([]);

    const configuration = {
      iacConfig: { opentofuVersion: null, terraformVersion: '1.6.0', terragruntVersion: '0.55.0' },
      reportConfigurations: [
        {
          enabled: true,
          recipients: { allAdmins: true, emailAddresses: ['ops@example.test'], emailAddressesToExclude: null },
          type: 'weeklyReport',
        },
      ],
      runnerConfig: { groups: ['prod-runners'], isOverridable: true, mode: 'selfHosted' },
      suppressedResources: { managedByTags: [{ key: 'managed-by', value: 'pulumi' }, { key: 'legacy', value: null }] },
      tfStateFilesAzureStorageLocations: [{ azureSubscriptionId: 'sub-1', containerName: 'tfstate', storageAccountName: 'acct' }],
      tfStateFilesGcsLocations: [{ bucketName: 'gcs-states', gcpProjectId: 'project-1' }],
      tfStateFilesS3Locations: [{ awsAccountId: '123456789012', bucketName: 'states', bucketRegion: 'us-east-1' }],
    };
    const [saved] = expectOk(await sdk('putOrganizationConfiguration', 'PUT', '/org/configuration', configuration, org.token));
    expect(saved).toMatchObject(configuration);
    const [read] = expectOk(await sdk('getOrganizationConfiguration', 'GET', '/org/configuration', undefined, org.token));
    expect(read).toMatchObject(configuration);

    // The provider sends only what changed; null clears.
    const [partial] = expectOk(
      await sdk('putOrganizationConfiguration', 'PUT', '/org/configuration', { reportConfigurations: null, aiFeaturesConfiguration: { consented: true, enabled: true } }, org.token),
    );
    expect(partial).not.toHaveProperty('reportConfigurations');
    expect(partial).toMatchObject({ iacConfig: configuration.iacConfig, aiFeaturesConfiguration: { enabled: true, consented: true } });

    expectOk(await sdk('deleteOrganizationConfiguration', 'DELETE', '/org/configuration', undefined, org.token));
    expect(expectOk(await sdk('getOrganizationConfiguration', 'GET', '/org/configuration', undefined, org.token))).toEqual([]);
    expect(expectOk(await sdk('deleteOrganizationConfiguration', 'DELETE', '/org/configuration', undefined, org.token))).toEqual([]);

    const audit = expectOk(
      await sdk<{ action: string }>('listAuditEvents', 'GET', '/audit/event?entityType=organizationConfiguration', undefined, org.token),
    );
    expect(audit.map((e) => e.action).sort()).toEqual(['create', 'delete', 'update']);

    // Members may read but not delete it.
    const member = await addMember(api, org.organizationId, 'member');
    expectError(await sdk('deleteOrganizationConfiguration', 'DELETE', '/org/configuration', undefined, member.token), 403, 'forbidden');
  });
});
