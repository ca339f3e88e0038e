#!/usr/bin/env node
// The PG-native reference of api-bench.mjs: a minimal Fastify + node-postgres server answering
// GET /namespace with the same page and count, the same query shape and the same JSON envelope as
// the API, on the same database; no authentication, no validation, no framework of ours. The
// benchmark reports the API's throughput as a ratio of this one's.
//
//   DATABASE_URL=… ORGANIZATION_ID=… PORT=… node tools/bench/pg-reference-server.mjs
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const organizationId = process.env.ORGANIZATION_ID;
const app = Fastify({ logger: false });

const list = {
  name: 'reference_namespaces_page',
  text: `SELECT id, name, description, external_credentials, iac_config, runner_config, deployment_approval_policy,
                capabilities, created_at, updated_at
         FROM namespaces WHERE organization_id = $1 ORDER BY name LIMIT $2 OFFSET $3`,
};
const count = { name: 'reference_namespaces_count', text: 'SELECT count(*)::int AS n FROM namespaces WHERE organization_id = $1' };

app.get('/namespace', async (request) => {
  const page = Number(request.query.page ?? 1);
  const pageSize = Number(request.query.pageSize ?? 100);
  const [rows, total] = await Promise.all([
    pool.query({ ...list, values: [organizationId, pageSize, (page - 1) * pageSize] }),
    pool.query({ ...count, values: [organizationId] }),
  ]);
  return {
    request: { id: request.id },
    response: {
      items: rows.rows.map((r) => ({
        id: r.id,
        name: r.name,
        description: r.description,
        externalCredentials: r.external_credentials,
        iacConfig: r.iac_config,
        runnerConfig: r.runner_config,
        deploymentApprovalPolicy: r.deployment_approval_policy,
        capabilities: r.capabilities,
        createdAt: r.created_at.toISOString(),
        updatedAt: r.updated_at.toISOString(),
      })),
      errors: [],
      paging: { page, pageSize, total: total.rows[0].n },
    },
  };
});

// GET /stack: the same page (ordered by name, id), count and namespaces of the page as the API.
// The seeded namespaces carry no settings, so every effective setting is the product default.
const stackList = {
  name: 'reference_stacks_page',
  text: `SELECT id, namespace_id, name, description, iac_type, stack_type, template_id, blueprint_id, data, drift_state,
                error_state, init_status, latest_run_status, latest_run_id, latest_run_at, expires_at, created_by,
                created_at, updated_at
         FROM stacks WHERE organization_id = $1 ORDER BY name, id LIMIT $2 OFFSET $3`,
};
const stackCount = { name: 'reference_stacks_count', text: 'SELECT count(*)::int AS n FROM stacks WHERE organization_id = $1' };
const pageNamespaces = {
  name: 'reference_stack_namespaces',
  text: `SELECT id, name, iac_config, runner_config, deployment_approval_policy, capabilities
         FROM namespaces WHERE organization_id = $1 AND id = any($2)`,
};
const defaults = (iacType) => ({
  runnerConfig: { value: { mode: 'managed', groups: ['CM_DEFAULT_RUNNER_GROUP'] }, source: 'default', isOverridable: true },
  deploymentApprovalPolicy: { value: { rules: [{ type: 'requireApproval' }] }, source: 'default', overrideBehavior: 'allow' },
  capabilities: Object.fromEntries(
    ['deployOnPush', 'planOnPr', 'driftDetection'].map((k) => [k, { status: 'enabled', source: 'default', isOverridable: true }]),
  ),
  iacVersion: { value: null, source: 'default', engine: iacType },
});

const versionKeys = { terraform: 'terraformVersion', terragrunt: 'terragruntVersion', opentofu: 'opentofuVersion' };
function iacVersionOf(row, namespace) {
  const key = versionKeys[row.iac_type];
  if (row.data?.iacConfig?.[key]) return { value: row.data.iacConfig[key], source: 'stack' };
  if (namespace?.iac_config?.[key]) return { value: namespace.iac_config[key], source: 'namespace' };
  return { value: null, source: 'default' };
}

app.get('/stack', async (request) => {
  const page = Number(request.query.page ?? 1);
  const pageSize = Number(request.query.pageSize ?? 100);
  const [rows, total] = await Promise.all([
    pool.query({ ...stackList, values: [organizationId, pageSize, (page - 1) * pageSize] }),
    pool.query({ ...stackCount, values: [organizationId] }),
  ]);
  const ids = [...new Set(rows.rows.map((r) => r.namespace_id))];
  const namespaces = new Map((await pool.query({ ...pageNamespaces, values: [organizationId, ids] })).rows.map((n) => [n.id, n]));
  return {
    request: { id: request.id },
    response: {
      items: rows.rows.map((r) => {
        const { engine: _engine, ...effective } = defaults(r.iac_type);
        const item = {
          id: r.id,
          name: r.name,
          namespaceId: r.namespace_id,
          namespaceName: namespaces.get(r.namespace_id)?.name,
          iacType: r.iac_type,
          stackType: r.stack_type,
          data: r.data,
          driftState: r.drift_state,
          errorState: r.error_state,
          initStatus: r.init_status,
          latestRunAt: r.latest_run_at?.toISOString() ?? null,
          effectiveSettings: { ...effective, iacVersion: iacVersionOf(r, namespaces.get(r.namespace_id)) },
          expiresAt: r.expires_at?.toISOString() ?? null,
          createdBy: r.created_by,
          createdAt: r.created_at.toISOString(),
          updatedAt: r.updated_at.toISOString(),
        };
        if (r.description !== null) item.description = r.description;
        return item;
      }),
      errors: [],
      paging: { page, pageSize, total: total.rows[0].n },
    },
  };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('listening');
process.on('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
