#!/usr/bin/env node
// API benchmark: requests per second and p50/p99 latency for sign-in and for GET /namespace
// over 10,000 namespaces, next to two references measured in the same run: a minimal Fastify +
// node-postgres server doing the same page and count on the same database with the same envelope
// (pg-reference-server.mjs), and a bare node:http server answering the same body. The list and its
// PG-native reference run interleaved (alternating slices), so a busy machine weighs on both
// alike; the ratio of the two is the figure to read. Prints figures only; asserts nothing.
//
//   node tools/bench/api-bench.mjs [--duration=5] [--concurrency=16] [--rounds=5] [--list-only]
//                                  [--cpu-prof=<dir>]   (profiles the API, and the PG reference into <dir>/reference)
//
// It starts `npm start`'s entry in a child process on a temporary data directory (embedded
// PostgreSQL), seeds one organization, and stops everything at the end.
import { fork, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const root = join(import.meta.dirname, '../..');
const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const durationMs = arg('duration', 5) * 1000;
const concurrency = arg('concurrency', 16);
const rounds = arg('rounds', 5);
const listOnly = process.argv.includes('--list-only');
const cpuProfDir = process.argv.find((a) => a.startsWith('--cpu-prof='))?.split('=')[1];
const namespaceCount = 10_000;
const stackCount = 10_000;

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

function request(port, method, path, { body, token } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** Runs `concurrency` loops of `call` for `ms`; adds the latencies and the time spent to `into`. */
async function run(into, call, ms) {
  const end = performance.now() + ms;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const res = await call();
        into.latencies.push(performance.now() - t0);
        if (res.status !== 200) into.errors++;
      }
    }),
  );
  into.seconds += (performance.now() - started) / 1000;
  return into;
}

function summary(name, { latencies, seconds, errors }) {
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return { name, requests: latencies.length, rps: latencies.length / seconds, p50: pct(50), p99: pct(99), errors };
}

const sample = () => ({ latencies: [], seconds: 0, errors: 0 });

/** One scenario for the whole duration. */
const load = async (name, call) => summary(name, await run(sample(), call, durationMs));

/** Scenarios in alternating slices (`rounds` each, the duration split between them), so both see the same machine. */
async function interleaved(scenarios) {
  const samples = scenarios.map(sample);
  const slice = durationMs / rounds;
  for (let i = 0; i < rounds; i++) {
    // Alternate which goes first, so neither always follows the other's warm caches.
    const order = i % 2 === 0 ? scenarios.map((_, j) => j) : scenarios.map((_, j) => scenarios.length - 1 - j);
    for (const j of order) await run(samples[j], scenarios[j].call, slice);
  }
  return scenarios.map((s, j) => summary(s.name, samples[j]));
}

async function waitForApi(port, child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode}`);
    try {
      const res = await request(port, 'GET', '/api/org');
      if (res.status === 401) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the API did not start within 120 s');
}

const dataDir = await mkdtemp(join(tmpdir(), 'terrace-bench-'));
const apiPort = await freePort();
const pgPort = await freePort();
const { DATABASE_URL: _ignored, ...inherited } = process.env;
const child = spawn(process.execPath, [...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : []), join(root, 'tools/scripts/start.mjs')], {
  env: {
    ...inherited,
    PORT: String(apiPort),
    EMBEDDED_PG_PORT: String(pgPort),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

const reference = http.createServer();
let pgReference;
try {
  await waitForApi(apiPort, child);
  const email = `bench-${Date.now()}@example.test`;
  const password = 'benchmark password';
  const signUp = await request(apiPort, 'POST', '/api/auth/signUp', {
    body: { entity: { email, password, firstName: 'Bench', lastName: 'Mark', organizationName: 'Bench' } },
  });
  const { token, organization } = JSON.parse(signUp.body).response.items[0];

  // Seed 10,000 namespaces straight into PostgreSQL: the benchmark measures reads, not seeding.
  const pgPassword = (await readFile(join(dataDir, 'pg/postgres.password'), 'utf8')).trim();
  const db = new pg.Client({ connectionString: `postgres://postgres:${encodeURIComponent(pgPassword)}@127.0.0.1:${pgPort}/terrace` });
  await db.connect();
  await db.query(
    `INSERT INTO namespaces (id, organization_id, name, description, external_credentials)
     SELECT 'ns-bench' || lpad(i::text, 12, '0'), $1, 'namespace-' || lpad(i::text, 5, '0'), 'seeded', '[]'::jsonb
     FROM generate_series(1, $2) AS i`,
    [organization.id, namespaceCount],
  );
  await db.query('ANALYZE namespaces');
  // And 10,000 stacks over the first 100 namespaces, each with a realistic settings document.
  const signedUp = JSON.parse(signUp.body).response.items[0];
  await db.query(
    `INSERT INTO stacks (id, organization_id, namespace_id, name, iac_type, stack_type, data, created_by)
     SELECT 'stk-bench' || lpad(i::text, 12, '0'), $1, 'ns-bench' || lpad((i % 100 + 1)::text, 12, '0'),
            'stack-' || lpad(i::text, 5, '0'), 'terraform', 'persistent',
            jsonb_build_object('vcsInfo', jsonb_build_object('providerId', 'vcsp-bench', 'repoName', 'acme/infra', 'branch', 'main', 'path', 'stacks/' || i),
                               'runTrigger', jsonb_build_object('patterns', jsonb_build_array('\${stack_path}/**')),
                               'iacConfig', jsonb_build_object('terraformVersion', '1.9.5', 'varFiles', jsonb_build_array('prod.tfvars'))),
            $3
     FROM generate_series(1, $2) AS i`,
    [organization.id, stackCount, signedUp.user.id],
  );
  await db.query('ANALYZE stacks');
  const stackPlan = await db.query(
    `EXPLAIN SELECT * FROM stacks WHERE organization_id = $1 ORDER BY name, id LIMIT 100 OFFSET 0`,
    [organization.id],
  );
  const plan = await db.query(
    `EXPLAIN SELECT * FROM namespaces WHERE organization_id = $1 ORDER BY name LIMIT 100 OFFSET 0`,
    [organization.id],
  );
  await db.end();

  // The PG-native reference: same database, same page and count, same envelope.
  const pgReferencePort = await freePort();
  pgReference = fork(join(import.meta.dirname, 'pg-reference-server.mjs'), [], {
    execArgv: cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}/reference`] : [],
    env: {
      ...inherited,
      DATABASE_URL: `postgres://postgres:${encodeURIComponent(pgPassword)}@127.0.0.1:${pgPort}/terrace`,
      ORGANIZATION_ID: organization.id,
      PORT: String(pgReferencePort),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise((resolve, reject) => {
    pgReference.once('message', resolve);
    pgReference.once('exit', (code) => reject(new Error(`the PG reference exited with code ${code}`)));
  });

  const page = await request(apiPort, 'GET', '/api/namespace?pageSize=100', { token });
  const referenceBody = page.body;
  reference.on('request', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(referenceBody);
  });
  const referencePort = await freePort();
  await new Promise((r) => reference.listen(referencePort, '127.0.0.1', r));

  // The two answer the same body apart from the request id.
  const sameShape = (body) => JSON.stringify({ ...JSON.parse(body), request: undefined });
  const referencePage = await request(pgReferencePort, 'GET', '/namespace?pageSize=100');
  if (sameShape(referencePage.body) !== sameShape(page.body)) throw new Error('the PG reference answers a different body than the API');

  // Warm both (JIT, prepared statements, pools) before measuring.
  await run(sample(), () => request(pgReferencePort, 'GET', '/namespace?pageSize=100'), 1000);
  await run(sample(), () => request(apiPort, 'GET', '/api/namespace?pageSize=100', { token }), 1000);

  // GET /stack: the same body apart from the request id and key order (the API serializes by its
  // response schema).
  const canonical = (value) =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical(value[k])]))
        : value;
  const sameStacks = (body) => JSON.stringify(canonical({ ...JSON.parse(body), request: undefined }));
  const stackPage = await request(apiPort, 'GET', '/api/stack?pageSize=100', { token });
  const referenceStacks = await request(pgReferencePort, 'GET', '/stack?pageSize=100');
  if (sameStacks(stackPage.body) !== sameStacks(referenceStacks.body)) {
    throw new Error(`the PG reference answers a different stack page than the API:\n${stackPage.body.slice(0, 600)}\n${referenceStacks.body.slice(0, 600)}`);
  }
  await run(sample(), () => request(pgReferencePort, 'GET', '/stack?pageSize=100'), 1000);
  await run(sample(), () => request(apiPort, 'GET', '/api/stack?pageSize=100', { token }), 1000);

  const [pgNative, list] = await interleaved([
    { name: 'reference Fastify + pg (same page and count)', call: () => request(pgReferencePort, 'GET', '/namespace?pageSize=100') },
    { name: 'GET /namespace (page of 100 of 10,000)', call: () => request(apiPort, 'GET', '/api/namespace?pageSize=100', { token }) },
  ]);
  const [pgStacks, stacks] = await interleaved([
    { name: 'reference Fastify + pg (same stack page)', call: () => request(pgReferencePort, 'GET', '/stack?pageSize=100') },
    { name: 'GET /stack (page of 100 of 10,000)', call: () => request(apiPort, 'GET', '/api/stack?pageSize=100', { token }) },
  ]);
  const results = [pgNative, list];
  if (!listOnly) {
    results.unshift(await load('reference node:http (same body)', () => request(referencePort, 'GET', '/')));
    results.push(
      await load('GET /namespace?namespaceName= (1 of 10,000)', () =>
        request(apiPort, 'GET', '/api/namespace?namespaceName=namespace-05000', { token }),
      ),
      await load('POST /auth/signIn (argon2id)', () =>
        request(apiPort, 'POST', '/api/auth/signIn', { body: { entity: { email, password } } }),
      ),
    );
  }

  const ref = pgNative.rps;
  console.log(`\nAPI benchmark: ${concurrency} concurrent keep-alive clients, ${durationMs / 1000} s per scenario`);
  console.log(`(the list and its PG-native reference interleaved in ${rounds} rounds)\n`);
  console.log('scenario'.padEnd(46), 'req/s'.padStart(9), 'vs pg ref'.padStart(10), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'p99/p50'.padStart(8), 'errors'.padStart(7));
  for (const r of results) {
    console.log(
      r.name.padEnd(46),
      r.rps.toFixed(0).padStart(9),
      `${(r.rps / ref).toFixed(2)}×`.padStart(10),
      r.p50.toFixed(2).padStart(8),
      r.p99.toFixed(2).padStart(8),
      (r.p99 / r.p50).toFixed(2).padStart(8),
      String(r.errors).padStart(7),
    );
  }
  console.log(`\nGET /namespace against the PG-native reference: ${(list.rps / pgNative.rps).toFixed(2)}× (target ≥ 0.90×), p99 = ${(list.p99 / list.p50).toFixed(2)}× p50 (target ≤ 2×)`);
  console.log('\nstacks:');
  for (const r of [pgStacks, stacks]) {
    console.log(r.name.padEnd(46), r.rps.toFixed(0).padStart(9), `${(r.rps / pgStacks.rps).toFixed(2)}×`.padStart(10), r.p50.toFixed(2).padStart(8), r.p99.toFixed(2).padStart(8), (r.p99 / r.p50).toFixed(2).padStart(8), String(r.errors).padStart(7));
  }
  console.log(`GET /stack against the PG-native reference: ${(stacks.rps / pgStacks.rps).toFixed(2)}× (target ≥ 0.90×), p99 = ${(stacks.p99 / stacks.p50).toFixed(2)}× p50 (target ≤ 2×)`);
  console.log('\nStack list query plan:');
  for (const row of stackPlan.rows) console.log(`  ${row['QUERY PLAN']}`);
  console.log('\nList query plan:');
  for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
} finally {
  pgReference?.kill('SIGTERM');
  reference.close();
  agent.destroy();
  child.kill('SIGTERM');
  await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  await rm(dataDir, { recursive: true, force: true });
}
