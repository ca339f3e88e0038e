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

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('listening');
process.on('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
