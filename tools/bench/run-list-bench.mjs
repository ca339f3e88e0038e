#!/usr/bin/env node
// Run lists at 100,000 runs (issue 12): latency of the lists the console asks for, against the
// server `npm start` runs (tools/bench/lib/console-server.mjs) on an embedded PostgreSQL seeded
// straight with 100,000 runs over 1,000 stacks (1 % of them active). Each list is asked
// sequentially `--requests` times after a warm-up; p50, p95 and p99 are printed with the plan
// PostgreSQL chose for the statement behind it. Prints figures only; asserts nothing.
//
//   node tools/bench/run-list-bench.mjs [--runs=100000] [--requests=200]
//
// Build the console first (`npx nx run console:build`); start.mjs builds the API when needed.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startConsoleServer } from './lib/console-server.mjs';

const option = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const runCount = option('runs', 100_000);
const requests = option('requests', 200);
const stackCount = 1_000;

const server = await startConsoleServer();
const db = new pg.Client({ connectionString: await server.databaseUrl() });
try {
  await db.connect();
  const token = server.session.token;
  const organizationId = server.session.organization?.id ?? server.session.user.organization.id;
  const userId = server.session.user.id;
  const seedStarted = performance.now();
  await db.query(`INSERT INTO namespaces (id, organization_id, name, description, external_credentials) VALUES ('ns-runbench', $1, 'runs-bench', 'seeded', '[]'::jsonb)`, [organizationId]);
  await db.query(
    `INSERT INTO stacks (id, organization_id, namespace_id, name, iac_type, stack_type, data, created_by)
     SELECT 'stk-runbench' || lpad(i::text, 6, '0'), $1, 'ns-runbench', 'stack-' || lpad(i::text, 5, '0'), 'terraform', 'persistent', '{}'::jsonb, $3
     FROM generate_series(1, $2) AS i`,
    [organizationId, stackCount, userId],
  );
  // Runs spread over the stacks and over the last 90 days; every 100th one still active.
  await db.query(
    `INSERT INTO runs (id, organization_id, namespace_id, stack_id, stack_created_by, kind, status, phase, mutating, priority, trigger,
                       initiator, iac_type, created_by, created_at, updated_at, queued_at, started_at, finished_at)
     SELECT 'dep-runbench' || lpad(i::text, 8, '0'), $1, 'ns-runbench', 'stk-runbench' || lpad((i % $3 + 1)::text, 6, '0'), $4,
            CASE WHEN i % 3 = 0 THEN 'plan' ELSE 'deployment' END,
            CASE WHEN i % 100 = 0 THEN 'queued' WHEN i % 7 = 0 THEN 'failed' ELSE 'succeeded' END,
            'apply', i % 3 <> 0, 1, 'manual',
            jsonb_build_object('kind', 'user', 'id', $4::text), 'terraform', $4,
            now() - (i || ' minutes')::interval * (129600.0 / $2), now() - (i || ' minutes')::interval * (129600.0 / $2),
            now() - (i || ' minutes')::interval * (129600.0 / $2),
            now() - (i || ' minutes')::interval * (129600.0 / $2),
            CASE WHEN i % 100 = 0 THEN NULL ELSE now() - (i || ' minutes')::interval * (129600.0 / $2) + interval '3 minutes' END
     FROM generate_series(1, $2) AS i`,
    [organizationId, runCount, stackCount, userId],
  );
  await db.query('VACUUM ANALYZE runs');
  await db.query('VACUUM ANALYZE stacks');
  console.log(`Seeded ${runCount.toLocaleString('en')} runs over ${stackCount} stacks in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

  const lists = [
    { name: 'Active Runs (isActive=true)', query: 'isActive=true&pageSize=100' },
    { name: 'Finished, last 24 hours', query: 'isActive=false&updatedInTheLastHours=24&pageSize=100' },
    { name: 'One stack’s runs', query: 'stackId=stk-runbench000500&pageSize=20' },
    { name: 'One stack’s deployments', query: 'stackId=stk-runbench000500&kind=deployment&pageSize=20' },
    { name: 'Failed runs of the organization', query: 'status=failed&pageSize=100' },
    { name: 'Page 50 of all runs', query: 'page=50&pageSize=100' },
  ];
  const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  console.log(`\nGET /api/stack/run, ${requests} sequential requests each (after 20 warm-up requests)`);
  console.log(`  ${'list'.padEnd(34)} ${'items'.padStart(5)} ${'total'.padStart(8)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)}`);
  for (const list of lists) {
    const url = `${server.base}/api/stack/run?${list.query}`;
    const ask = async () => {
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`${list.name}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    let body;
    for (let i = 0; i < 20; i++) body = await ask();
    const times = [];
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      await ask();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const ms = (v) => `${v.toFixed(1)} ms`;
    console.log(
      `  ${list.name.padEnd(34)} ${String(body.response.items.length).padStart(5)} ${String(body.response.paging?.total ?? '').padStart(8)} ${ms(percentile(times, 50)).padStart(8)} ${ms(percentile(times, 95)).padStart(8)} ${ms(percentile(times, 99)).padStart(8)}`,
    );
  }
} finally {
  await db.end().catch(() => undefined);
  await server.stop();
}
