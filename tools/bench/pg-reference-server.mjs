#!/usr/bin/env node
// The PG-native reference of api-bench.mjs: a minimal Fastify + node-postgres server answering
// GET /namespace and GET /stack with the same page and count, the same query shape (one named
// prepared statement: the page, the count as a scalar subquery, the stacks' namespaces joined) and
// the same JSON envelope as the API, on the same database; no authentication, no validation, no
// framework of ours. The benchmark reports the API's throughput as a ratio of this one's.
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
                capabilities, created_at, updated_at,
                (SELECT count(*)::int FROM namespaces WHERE organization_id = $1) AS total
         FROM namespaces WHERE organization_id = $1 ORDER BY name LIMIT $2 OFFSET $3`,
};
const count = { name: 'reference_namespaces_count', text: 'SELECT count(*)::int AS total FROM namespaces WHERE organization_id = $1' };

/** The page's rows and total (a page past the end has no row to carry it: then counted alone). */
async function pageOf(statement, countStatement, page, pageSize) {
  const { rows } = await pool.query({ ...statement, values: [organizationId, pageSize, (page - 1) * pageSize] });
  const total = rows.length ? rows[0].total : page > 1 ? (await pool.query({ ...countStatement, values: [organizationId] })).rows[0].total : 0;
  return { rows, total };
}

app.get('/namespace', async (request) => {
  const page = Number(request.query.page ?? 1);
  const pageSize = Number(request.query.pageSize ?? 100);
  const { rows, total } = await pageOf(list, count, page, pageSize);
  return {
    request: { id: request.id },
    response: {
      items: rows.map((r) => ({
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
      paging: { page, pageSize, total },
    },
  };
});

// GET /stack: the same page (ordered by name, id), count and namespaces of the page as the API.
// The seeded namespaces carry no settings, so every effective setting is the product default.
const stackList = {
  name: 'reference_stacks_page',
  text: `SELECT s.id, s.namespace_id, s.name, s.description, s.iac_type, s.stack_type, s.template_id, s.blueprint_id, s.data,
                s.drift_state, s.error_state, s.init_status, s.latest_run_status, s.latest_run_id, s.latest_run_at, s.expires_at,
                s.created_by, s.created_at, s.updated_at,
                n.id AS ns_id, n.name AS ns_name, n.iac_config AS ns_iac_config, n.runner_config AS ns_runner_config,
                n.deployment_approval_policy AS ns_deployment_approval_policy, n.capabilities AS ns_capabilities,
                (SELECT count(*)::int FROM stacks WHERE organization_id = $1) AS total
         FROM stacks s LEFT JOIN namespaces n ON n.organization_id = s.organization_id AND n.id = s.namespace_id
         WHERE s.organization_id = $1 ORDER BY s.name, s.id LIMIT $2 OFFSET $3`,
};
const stackCount = { name: 'reference_stacks_count', text: 'SELECT count(*)::int AS total FROM stacks WHERE organization_id = $1' };
const defaults = (iacType) => ({
  runnerConfig: { value: { mode: 'managed', groups: ['CM_DEFAULT_RUNNER_GROUP'] }, source: 'default', isOverridable: true },
  deploymentApprovalPolicy: { value: { rules: [{ type: 'requireApproval' }] }, source: 'default', overrideBehavior: 'allow' },
  capabilities: Object.fromEntries(
    ['deployOnPush', 'planOnPr', 'driftDetection'].map((k) => [k, { status: 'enabled', source: 'default', isOverridable: true }]),
  ),
  iacVersion: { value: null, source: 'default', engine: iacType },
});

const versionKeys = { terraform: 'terraformVersion', terragrunt: 'terragruntVersion', opentofu: 'opentofuVersion' };
function iacVersionOf(row) {
  const key = versionKeys[row.iac_type];
  if (row.data?.iacConfig?.[key]) return { value: row.data.iacConfig[key], source: 'stack' };
  if (row.ns_iac_config?.[key]) return { value: row.ns_iac_config[key], source: 'namespace' };
  return { value: null, source: 'default' };
}

app.get('/stack', async (request) => {
  const page = Number(request.query.page ?? 1);
  const pageSize = Number(request.query.pageSize ?? 100);
  const { rows, total } = await pageOf(stackList, stackCount, page, pageSize);
  return {
    request: { id: request.id },
    response: {
      items: rows.map((r) => {
        const { engine: _engine, ...effective } = defaults(r.iac_type);
        const item = {
          id: r.id,
          name: r.name,
          namespaceId: r.namespace_id,
          namespaceName: r.ns_name ?? undefined,
          iacType: r.iac_type,
          stackType: r.stack_type,
          data: r.data,
          driftState: r.drift_state,
          errorState: r.error_state,
          initStatus: r.init_status,
          latestRunAt: r.latest_run_at?.toISOString() ?? null,
          effectiveSettings: { ...effective, iacVersion: iacVersionOf(r) },
          expiresAt: r.expires_at?.toISOString() ?? null,
          createdBy: r.created_by,
          createdAt: r.created_at.toISOString(),
          updatedAt: r.updated_at.toISOString(),
        };
        if (r.description !== null) item.description = r.description;
        return item;
      }),
      errors: [],
      paging: { page, pageSize, total },
    },
  };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('listening');
process.on('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
