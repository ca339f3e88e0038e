#!/usr/bin/env node
// API benchmark: requests per second and p50/p99 latency for sign-in and for GET /namespace
// over 10,000 namespaces, next to a bare node:http server answering a list of the same size,
// measured in the same run. Prints figures only; asserts nothing.
//
//   node tools/bench/api-bench.mjs [--duration=5] [--concurrency=16]
//
// It starts `npm start`'s entry in a child process on a temporary data directory (embedded
// PostgreSQL), seeds one organization, and stops everything at the end.
import { spawn } from 'node:child_process';
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
const namespaceCount = 10_000;

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

/** Runs `concurrency` loops of `call` for the duration; answers rps and latency percentiles. */
async function load(name, call) {
  const latencies = [];
  let errors = 0;
  const end = performance.now() + durationMs;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const res = await call();
        latencies.push(performance.now() - t0);
        if (res.status !== 200) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return { name, requests: latencies.length, rps: latencies.length / elapsed, p50: pct(50), p99: pct(99), errors };
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
const child = spawn(process.execPath, [join(root, 'tools/scripts/start.mjs')], {
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
  const plan = await db.query(
    `EXPLAIN SELECT * FROM namespaces WHERE organization_id = $1 ORDER BY name LIMIT 100 OFFSET 0`,
    [organization.id],
  );
  await db.end();

  const page = await request(apiPort, 'GET', '/api/namespace?pageSize=100', { token });
  const referenceBody = page.body;
  reference.on('request', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(referenceBody);
  });
  const referencePort = await freePort();
  await new Promise((r) => reference.listen(referencePort, '127.0.0.1', r));

  const results = [
    await load('reference node:http (same body)', () => request(referencePort, 'GET', '/')),
    await load('GET /namespace (page of 100 of 10,000)', () => request(apiPort, 'GET', '/api/namespace?pageSize=100', { token })),
    await load('GET /namespace?namespaceName= (1 of 10,000)', () =>
      request(apiPort, 'GET', '/api/namespace?namespaceName=namespace-05000', { token }),
    ),
    await load('POST /auth/signIn (argon2id)', () =>
      request(apiPort, 'POST', '/api/auth/signIn', { body: { entity: { email, password } } }),
    ),
  ];

  const ref = results[0].rps;
  console.log(`\nAPI benchmark: ${concurrency} concurrent keep-alive clients, ${durationMs / 1000} s per scenario\n`);
  console.log('scenario'.padEnd(46), 'req/s'.padStart(9), 'vs ref'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'errors'.padStart(7));
  for (const r of results) {
    console.log(
      r.name.padEnd(46),
      r.rps.toFixed(0).padStart(9),
      `${((r.rps / ref) * 100).toFixed(1)}%`.padStart(8),
      r.p50.toFixed(2).padStart(8),
      r.p99.toFixed(2).padStart(8),
      String(r.errors).padStart(7),
    );
  }
  console.log('\nList query plan:');
  for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
} finally {
  reference.close();
  agent.destroy();
  child.kill('SIGTERM');
  await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  await rm(dataDir, { recursive: true, force: true });
}
