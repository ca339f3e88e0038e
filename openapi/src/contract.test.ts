import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Invariants of the committed bundle that Redocly's rules do not check: the wire format of
// spec/api-evidence.md, the vendor extensions the server enforces, and the spec's named enums.
type Json = Record<string, unknown>;
interface Operation extends Json {
  operationId: string;
  tags: string[];
  security: Json[];
  'x-permission': string;
  'x-security': string;
  'x-entity'?: string;
  'x-items'?: string;
  responses: Record<string, Json>;
  requestBody?: { content: Record<string, { schema: Json }> };
}

const doc = JSON.parse(readFileSync(join(import.meta.dirname, '../dist/openapi.json'), 'utf8')) as {
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json> };
};
const methods = ['get', 'put', 'post', 'delete', 'patch'];
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  methods.filter((m) => item[m]).map((method) => ({ path, method, op: item[method] as Operation })),
);
const schemas = doc.components.schemas;
const name = ({ method, path }: { method: string; path: string }) => `${method.toUpperCase()} ${path}`;

describe('every operation', () => {
  it('has a unique operationId', () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('has exactly one declared tag', () => {
    const declared = new Set(doc.tags.map((t) => t.name));
    const bad = operations.filter(({ op }) => op.tags.length !== 1 || !declared.has(op.tags[0] ?? '')).map(name);
    expect(bad).toEqual([]);
  });

  it('declares its permission, and is public exactly when it needs no credentials', () => {
    const format = /^(public|authenticated|[a-z][A-Za-z]*:[a-z][A-Za-z]*)$/;
    const bad = operations
      .filter(({ op }) => {
        const isPublic = op.security.length === 0;
        return !format.test(op['x-permission']) || isPublic !== (op['x-permission'] === 'public') || isPublic !== (op['x-security'] === 'public');
      })
      .map(name);
    expect(bad).toEqual([]);
  });

  // The SSO callbacks are where an identity provider sends the browser, not API calls: they
  // answer 303 to the console instead of the envelope, and nothing else on success.
  const browserCallbacks = new Set(['GET /auth/sso/oidc/callback', 'POST /auth/sso/saml/acs']);

  // Terraform's HTTP backend (`x-security: state`) speaks the CLI's own protocol: an empty state
  // is 204, conflicts carry the lock info, bodies are the state itself.
  const terraformProtocol = (op: { 'x-security'?: unknown }) => op['x-security'] === 'state';

  it('answers 200 (the clients treat 201 and 204 as errors), except Terraform\'s own protocol', () => {
    const bad = operations
      .filter(({ op, ...rest }) =>
        terraformProtocol(op) ? false : browserCallbacks.has(name(rest))
          ? !op.responses['303'] || Object.keys(op.responses).some((s) => /^2\d\d$/.test(s))
          : !op.responses['200'] || Object.keys(op.responses).some((s) => /^2\d\d$/.test(s) && s !== '200'),
      )
      .map(name);
    expect(bad).toEqual([]);
  });

  it('wraps JSON request bodies as { entity } with nothing beside it, except the outside protocols', () => {
    const outside = new Set(['POST /vcs/webhook/{providerType}']);
    const bad = operations
      .filter(({ op, ...rest }) => {
        const schema = op.requestBody?.content['application/json']?.schema;
        if (!schema || terraformProtocol(op) || outside.has(name(rest))) return false;
        const props = schema['properties'] as Json | undefined;
        return schema['additionalProperties'] !== false || !props || Object.keys(props).join() !== 'entity';
      })
      .map(name);
    expect(bad).toEqual([]);
  });

  it('answers the envelope { request, response: { items, errors } } when it declares x-items', () => {
    const bad = operations
      .filter(({ op }) => op['x-items'])
      .filter(({ op }) => {
        const schema = (op.responses['200']?.['content'] as Record<string, { schema: Json }>)['application/json']?.schema;
        const response = (schema?.['properties'] as Record<string, Json> | undefined)?.['response'];
        const props = response?.['properties'] as Json | undefined;
        return !props || !('items' in props) || !('errors' in props) || !(schema?.['required'] as string[]).includes('request');
      })
      .map(name);
    expect(bad).toEqual([]);
  });

  it('gets the error responses of the catalogue', () => {
    const bad = operations
      .filter(({ op, path }) => {
        const has = (s: string) => s in op.responses;
        return !has('400') || !has('500') || (op.security.length > 0 && (!has('401') || !has('403'))) || (path.includes('{') && !has('404'));
      })
      .map(name);
    expect(bad).toEqual([]);
  });
});

describe('schemas', () => {
  it('resolve every $ref', () => {
    const text = JSON.stringify(doc);
    const refs = [...text.matchAll(/"\$ref":"#\/components\/(\w+)\/([^"]+)"/g)];
    const components = doc.components as unknown as Record<string, Json>;
    const missing = refs.filter(([, section, key]) => !components[section ?? '']?.[key ?? '']).map(([ref]) => ref);
    expect([...new Set(missing)]).toEqual([]);
  });

  it('name every enum: no inline enum of more than one value inside a property', () => {
    const inline: string[] = [];
    const walk = (node: unknown, where: string, top: boolean) => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}/${i}`, false));
      const record = node as Json;
      if (!top && Array.isArray(record['enum']) && record['enum'].length > 1) inline.push(where);
      for (const [key, value] of Object.entries(record)) walk(value, `${where}/${key}`, false);
    };
    for (const [key, schema] of Object.entries(schemas)) walk(schema, key, true);
    expect(inline, 'inline enums: name them as schemas').toEqual([]);
  });

  it('give ids the prefixes of the wire format', () => {
    const prefixes: Record<string, string> = {
      Stack: '^stk-',
      Template: '^tmpl-',
      Blueprint: '^blp-',
      Variable: '^var-',
      ControlPolicy: '^pol-',
      DisasterRecoveryConfiguration: '^drc-',
      NotificationEndpoint: '^ne-',
      StackDependency: '^sdep-',
      StackDiscoveryConfiguration: '^sdc-',
      CustomFlow: '^cflw-',
      RunTask: '^rtsk-',
    };
    for (const [schema, pattern] of Object.entries(prefixes)) {
      const id = (schemas[schema]?.['properties'] as Record<string, Json>)['id'];
      expect(id?.['pattern'], schema).toBe(pattern);
    }
    expect(JSON.stringify(schemas['ControlPolicyGroup'])).toContain('"pattern":"^polg');
    expect(JSON.stringify(schemas['VcsProvider'])).toContain('"pattern":"^vcsp-"');
  });

  // The values as automation.md §3-§4 lists them; a rename here breaks existing clients.
  const specEnums: Record<string, string[]> = {
    StepStatus: ['notStarted', 'inProgress', 'succeeded', 'error', 'failed', 'skipped', 'waitingForFailedControlPoliciesApproval', 'waitingForErrorControlPoliciesApproval', 'waitingForApproval', 'approvalTimeout', 'issuesFound', 'successWithWarning'],
    DriftState: ['inSync', 'inSyncRefreshRequired', 'inSyncDeployRequired', 'drifted', 'notChecked', 'unknown', 'deployRequired'],
    IacState: ['managed', 'managedDocumented', 'unmanaged', 'unmanagedDocumented', 'notAvailable', 'notRelevant', 'pendingCalculation'],
    ImportStatus: ['queued', 'inProgress', 'waitingForApproval', 'approvalTimeout', 'success', 'canceled', 'cancelling', 'error', 'initializingEnvironment', 'validatingEnvironment', 'importingResources', 'planning'],
    SuggestedStackState: ['pendingCalculation', 'calculating', 'suggestedStackReady', 'suggestedStackCodeReady', 'suggestedStackImported'],
    EnforcementLevel: ['warning', 'softMandatory', 'hardMandatory'],
    ApprovalRuleType: ['requireApproval', 'autoApprove', 'requireTwoApprovals', 'requireTeamsApproval'],
    TaskType: ['releaseStateLock', 'taintResources', 'untaintResources', 'removeResources', 'importResources', 'refreshState'],
    VariableConditionOperator: ['ne', 'lt', 'lte', 'gt', 'gte', 'startsWith', 'contains', 'in', 'match', 'boolean'],
    StackDiscoveryStatus: ['init', 'inProgress', 'error', 'finished'],
    ModuleVersionReadiness: ['ready', 'notReady', 'readyNotCompleted', 'readyNoResourcesInModulePath'],
    RunnerHealth: ['ok', 'warning', 'error', 'shuttingDown'],
    IacType: ['terraform', 'terragrunt', 'opentofu'],
    RunKind: ['deployment', 'plan', 'destroy', 'task', 'external_run'],
    StackErrorState: ['ok', 'driftDetectionFailed', 'initializationFailed', 'blueprintInitializationFailed', 'stackPassedItsTTL'],
    NotificationProtocol: ['slack', 'slackApp', 'teams', 'email'],
    CloudProvider: ['aws', 'azure', 'gcp', 'datadog', 'cloudflare', 'vcd', 'databricks', 'confluent', 'okta', 'mongodbatlas'],
  };
  for (const [schema, values] of Object.entries(specEnums)) {
    it(`${schema} holds the spec's values`, () => {
      expect([...((schemas[schema]?.['enum'] as string[]) ?? [])].sort()).toEqual([...values].sort());
    });
  }

  it('RunStatus holds every run status of the spec', () => {
    const values = schemas['RunStatus']?.['enum'] as string[];
    for (const status of ['notStarted', 'queued', 'inProgress', 'waitingForApproval', 'approved', 'approvalTimeout', 'succeeded', 'failed', 'error', 'applyFailure', 'skipped', 'canceled', 'cancelling', 'finished', 'canceledByDependency', 'canceledByFailedStackInitialization', 'waitingForFailedControlPoliciesApproval', 'waitingForErrorControlPoliciesApproval', 'approvedFailedControlPolicies']) {
      expect(values, status).toContain(status);
    }
  });

  it('NotificationEventType holds every notification event of the spec', () => {
    const values = schemas['NotificationEventType']?.['enum'] as string[];
    expect(values).toContain('stack::deployment::applyStarted');
    expect(values).toHaveLength(13);
  });
});
