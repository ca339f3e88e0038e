#!/usr/bin/env node
// API benchmark: each list of the API against its PG-native reference measured in the same run,
// judged against the targets of ARCHITECTURE §8 and issue 9 (throughput ≥ 0.90× the reference,
// p99 ≤ 2× p50), with the plans of the statements the API ran. Prints figures and PASS/FAIL lines;
// asserts nothing and exits 0 (no timed assertion anywhere).
//
//   node tools/bench/api-bench.mjs [--duration=5] [--concurrency=16] [--rounds=5] [--repeat=3]
//                                  [--steady-share=0.5] [--only=namespaces|stacks] [--list-only]
//                                  [--cpu-prof=<dir>]
//
// Throughput and its tail are measured at saturation (`--concurrency` closed loops); the tail at
// a steady rate is printed beside it: an open loop at `--steady-share` of the reference's
// throughput, both servers at the same rate, each request timed from when it was due.
//
// The lists: GET /namespace (a page of 100 of 10,000 namespaces) and GET /stack (a page of 100 of
// 10,000 stacks over 100 namespaces, each with a realistic settings document). Their reference
// (pg-reference-server.mjs) is a minimal Fastify + node-postgres server running the same statement
// on the same database and answering the same body (checked before measuring), with no
// authentication, validation or framework of ours. Each list and its reference run interleaved:
// `--rounds` alternating slices of duration/rounds each, so a busy machine weighs on both alike;
// the whole comparison is repeated `--repeat` times and the median of each figure is judged. The
// CPU time each request costs the server process and PostgreSQL (read from /proc) is printed too:
// it depends much less on the machine's load than requests per second do.
//
// Without --list-only it also measures a bare node:http server answering the same body, the
// single-namespace read and sign-in. --cpu-prof profiles the API (and the reference into
// <dir>/reference). The API bundle `npm start` runs is built first and started on a temporary data
// directory (embedded PostgreSQL); everything is stopped at the end. The API runs with its V8 flags
// (tools/scripts/api-node-flags.mjs), as `npm start` runs it; the reference with Node's defaults.
import { execFileSync, fork, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { build } from 'esbuild';
import pg from 'pg';
import { apiNodeFlags } from '../scripts/api-node-flags.mjs';

const root = join(import.meta.dirname, '../..');
const option = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const arg = (name, fallback) => Number(option(name) ?? fallback);
const durationMs = arg('duration', 5) * 1000;
const concurrency = arg('concurrency', 16);
const rounds = arg('rounds', 5);
const repeat = arg('repeat', 3);
const listOnly = process.argv.includes('--list-only');
const only = option('only');
const cpuProfDir = option('cpu-prof');
const namespaceCount = 10_000;
const stackCount = 10_000;
// A second organization, so that the plans have other tenants' rows to skip.
const otherCount = 2_000;

const targets = { ratio: 0.9, tail: 2 };
// The steady rate the tail is judged at, as a share of the reference's throughput.
const steadyShare = Number(option('steady-share') ?? 0.5);

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

function request(port, method, path, { body, token, via = agent } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: via,
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

// ---------------------------------------------------------------------------------------------
// CPU time of processes, from /proc (Linux; elsewhere the CPU columns stay empty)

const ticksPerSecond = 100;
const hasProc = (() => {
  try {
    readdirSync('/proc/self');
    return true;
  } catch {
    return false;
  }
})();

/** utime + stime of a process, in clock ticks (0 when it is gone). */
function ticksOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** Every process below `pid` (the embedded PostgreSQL and its backends, below the API). */
function descendantsOf(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  const out = [];
  const queue = [pid];
  while (queue.length) {
    for (const c of children.get(queue.shift()) ?? []) {
      out.push(c);
      queue.push(c);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Load and figures

/** Runs `concurrency` loops of `call` for `ms`; adds latencies, time and CPU spent to `into`. */
async function run(into, call, ms, cpu) {
  const before = cpu?.();
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
  if (before) {
    const after = cpu();
    into.serverTicks += after.server - before.server;
    into.postgresTicks += after.postgres - before.postgres;
  }
  return into;
}

const sample = () => ({ latencies: [], seconds: 0, errors: 0, serverTicks: 0, postgresTicks: 0 });

// An open loop for the tail: requests leave at a fixed rate whatever the earlier ones are doing,
// each timed from the moment it was due (so a stall delays, and counts against, every request
// due during it: no coordinated omission). Its own sockets, as many as the rate needs.
const steadyAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** `rate` requests per second of `call` for `ms`; adds latencies and time to `into`. */
async function runSteady(into, call, rate, ms) {
  const interval = 1000 / rate;
  const count = Math.max(1, Math.floor(ms / interval));
  const start = performance.now() + 1;
  const inFlight = [];
  let next = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      for (; next < count && start + next * interval <= now; next++) {
        const due = start + next * interval;
        inFlight.push(
          call().then(
            (res) => {
              into.latencies.push(performance.now() - due);
              if (res.status !== 200) into.errors++;
            },
            () => into.errors++,
          ),
        );
      }
      if (next < count) setTimeout(tick, Math.max(0, start + next * interval - performance.now() - 0.25));
      else resolve();
    };
    tick();
  });
  await Promise.all(inFlight);
  into.seconds += ms / 1000;
  return into;
}

/** Two servers at the same steady rate, in alternating slices like `interleaved`. */
async function interleavedSteady(scenarios, rate) {
  const samples = scenarios.map(sample);
  const slice = durationMs / rounds;
  for (let i = 0; i < rounds; i++) {
    const order = i % 2 === 0 ? scenarios.map((_, j) => j) : scenarios.map((_, j) => scenarios.length - 1 - j);
    for (const j of order) await runSteady(samples[j], scenarios[j].call, rate, slice);
  }
  return scenarios.map((s, j) => summary(s.name, samples[j]));
}

function summary(name, { latencies, seconds, errors, serverTicks, postgresTicks }) {
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  const perRequest = (ticks) => (hasProc && latencies.length ? ((ticks / ticksPerSecond) * 1000) / latencies.length : NaN);
  return {
    name,
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: pct(50),
    p99: pct(99),
    errors,
    serverCpuMs: perRequest(serverTicks),
    postgresCpuMs: perRequest(postgresTicks),
  };
}

/** One scenario for the whole duration. */
const load = async (name, call) => summary(name, await run(sample(), call, durationMs));

/** Scenarios in alternating slices (`rounds` each, the duration split between them), so both see the same machine. */
async function interleaved(scenarios) {
  const samples = scenarios.map(sample);
  const slice = durationMs / rounds;
  for (let i = 0; i < rounds; i++) {
    // Alternate which goes first, so neither always follows the other's warm caches.
    const order = i % 2 === 0 ? scenarios.map((_, j) => j) : scenarios.map((_, j) => scenarios.length - 1 - j);
    for (const j of order) await run(samples[j], scenarios[j].call, slice, scenarios[j].cpu);
  }
  return scenarios.map((s, j) => summary(s.name, samples[j]));
}

const median = (values) => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const fixed = (v, digits = 2) => (Number.isNaN(v) ? '–' : v.toFixed(digits));
const load1 = () => loadavg()[0].toFixed(2);

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

// ---------------------------------------------------------------------------------------------
// Plans of the statements the API ran

/**
 * The texts of the statements the API runs for one request. An idle connection shows the last
 * statement it ran (a prepared statement's text); the connections whose state changed during a
 * request ran its statements. A statement run after another on the same connection hides the
 * first, so the request is repeated and the texts seen are gathered: a request that runs the same
 * statements every time shows each of them sooner or later (the pool hands out connections in
 * varying order).
 */
async function statementsOf(db, call, probes = 8) {
  const texts = new Set();
  for (let i = 0; i < probes; i++) {
    // Who the caller is stays cached for 2 s (ActorCache): looked up by this call, not during the
    // probe right after it. Once before all the probes is not enough on a loaded machine, where
    // eight probes can outlast the cache and one of them shows the refill (the session lookup), which
    // a request pays once every 2 s, not per request. The job queue's connections (pg-boss polling,
    // application_name terrace-jobs) are not the request's either.
    await call();
    const since = (await db.query('SELECT clock_timestamp() AS t')).rows[0].t;
    await call();
    const { rows } = await db.query(
      `SELECT query FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'idle' AND state_change >= $1
         AND application_name IS DISTINCT FROM 'terrace-jobs'`,
      [since],
    );
    for (const row of rows) texts.add(row.query);
  }
  return [...texts];
}

const nodesOf = (plan) => [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];

/**
 * Judges a page statement's plan: the rows of the page come from an index scan in the list's
 * order (no Sort of the whole filter, no sequential scan under the Limit). The count (an InitPlan)
 * may read the organization's rows any way the planner likes: it reads all of them.
 */
function judgePlan(plan, table) {
  const top = plan.Plan;
  const pageNodes = top['Node Type'] === 'Limit' ? (top.Plans ?? []).filter((p) => p['Parent Relationship'] !== 'InitPlan').flatMap(nodesOf) : nodesOf(top);
  const scans = pageNodes.filter((n) => n['Relation Name'] === table);
  const indexed = scans.find((n) => n['Node Type'] === 'Index Scan' || n['Node Type'] === 'Index Only Scan');
  const problems = [];
  if (top['Node Type'] !== 'Limit') problems.push(`the top node is ${top['Node Type']}, not Limit`);
  if (!indexed) problems.push(`no index scan of ${table} under the Limit`);
  if (scans.some((n) => n['Node Type'] === 'Seq Scan')) problems.push(`a sequential scan of ${table} under the Limit`);
  if (pageNodes.some((n) => n['Node Type'] === 'Sort' || n['Node Type'] === 'Incremental Sort')) problems.push('a Sort under the Limit');
  return { ok: problems.length === 0, index: indexed?.['Index Name'], problems };
}

async function explainList(db, label, statement, table, values) {
  const lines = [];
  const verdicts = [];
  await db.query('DEALLOCATE ALL');
  await db.query(`PREPARE bench_plan AS ${statement}`);
  const params = values.map((v) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`)).join(', ');
  for (const mode of ['force_custom_plan', 'force_generic_plan']) {
    await db.query(`SET plan_cache_mode = ${mode}`);
    const [json] = (await db.query(`EXPLAIN (FORMAT JSON) EXECUTE bench_plan(${params})`)).rows[0]['QUERY PLAN'];
    const verdict = judgePlan(json, table);
    const kind = mode === 'force_custom_plan' ? 'custom plan' : 'generic plan';
    verdicts.push(
      `${verdict.ok ? 'PASS' : 'FAIL'} ${label}, ${kind}: ${verdict.ok ? `the page is read in order through ${verdict.index}` : verdict.problems.join('; ')}`,
    );
    if (mode === 'force_custom_plan') {
      const analyzed = await db.query(`EXPLAIN (ANALYZE, COSTS OFF) EXECUTE bench_plan(${params})`);
      for (const row of analyzed.rows) lines.push(`    ${row['QUERY PLAN']}`);
    }
  }
  await db.query('RESET plan_cache_mode');
  await db.query('DEALLOCATE bench_plan');
  return { verdicts, lines };
}

// ---------------------------------------------------------------------------------------------
// The run

const dataDir = await mkdtemp(join(tmpdir(), 'terrace-bench-'));
const apiPort = await freePort();
const pgPort = await freePort();
const { DATABASE_URL: _ignored, ...inherited } = process.env;
// The bundle `npm start` runs, built here (tools/scripts/start.mjs would also build the console,
// which the benchmark does not read).
execFileSync(process.execPath, [join(root, 'apps/api/build.mjs')], { stdio: 'inherit' });
const child = spawn(process.execPath, [...apiNodeFlags, ...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : []), join(root, 'dist/apps/api/main.mjs')], {
  env: {
    ...inherited,
    PORT: String(apiPort),
    EMBEDDED_PG_PORT: String(pgPort),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    IAC_VERSIONS_REFRESH: 'off',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

// The statements of the lists, as the API builds them (for EXPLAIN: PostgreSQL keeps only the first
// kilobyte of a statement's text in pg_stat_activity).
const statementsModule = join(root, 'dist/apps/api/bench-list-statements.mjs');
await build({
  stdin: {
    contents: `export { namespaceList } from './apps/api/src/modules/namespaces/namespaces.repository';
export { stackLists } from './apps/api/src/modules/stacks/stacks.repository';`,
    resolveDir: root,
    loader: 'ts',
    sourcefile: 'bench-list-statements.ts',
  },
  outfile: statementsModule,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  tsconfig: join(root, 'tsconfig.base.json'),
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@terrace/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
const { namespaceList, stackLists } = await import(statementsModule);

const reference = http.createServer();
let pgReference;
let db;
try {
  await waitForApi(apiPort, child);
  const signUp = async (organizationName) => {
    const email = `bench-${organizationName.toLowerCase()}-${Date.now()}@example.test`;
    const password = 'benchmark password';
    const res = await request(apiPort, 'POST', '/api/auth/signUp', {
      body: { entity: { email, password, firstName: 'Bench', lastName: 'Mark', organizationName } },
    });
    return { email, password, ...JSON.parse(res.body).response.items[0] };
  };
  const bench = await signUp('Bench');
  const other = await signUp('Other');
  const { token, organization } = bench;

  // Seed straight into PostgreSQL: the benchmark measures reads, not seeding.
  const pgPassword = (await readFile(join(dataDir, 'pg/postgres.password'), 'utf8')).trim();
  const databaseUrl = `postgres://postgres:${encodeURIComponent(pgPassword)}@127.0.0.1:${pgPort}/terrace`;
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const seed = async (org, prefix, namespaces, stacks) => {
    await db.query(
      `INSERT INTO namespaces (id, organization_id, name, description, external_credentials)
       SELECT 'ns-${prefix}' || lpad(i::text, 12, '0'), $1, 'namespace-' || lpad(i::text, 5, '0'), 'seeded', '[]'::jsonb
       FROM generate_series(1, $2) AS i`,
      [org.organization.id, namespaces],
    );
    // The stacks over the first 100 namespaces, each with a realistic settings document.
    await db.query(
      `INSERT INTO stacks (id, organization_id, namespace_id, name, iac_type, stack_type, data, created_by)
       SELECT 'stk-${prefix}' || lpad(i::text, 12, '0'), $1, 'ns-${prefix}' || lpad((i % 100 + 1)::text, 12, '0'),
              'stack-' || lpad(i::text, 5, '0'), 'terraform', 'persistent',
              jsonb_build_object('vcsInfo', jsonb_build_object('providerId', 'vcsp-bench', 'repoName', 'acme/infra', 'branch', 'main', 'path', 'stacks/' || i),
                                 'runTrigger', jsonb_build_object('patterns', jsonb_build_array('\${stack_path}/**')),
                                 'iacConfig', jsonb_build_object('terraformVersion', '1.9.5', 'varFiles', jsonb_build_array('prod.tfvars'))),
              $3
       FROM generate_series(1, $2) AS i`,
      [org.organization.id, stacks, org.user.id],
    );
  };
  await seed(bench, 'bench', namespaceCount, stackCount);
  await seed(other, 'other', otherCount, otherCount);
  // As autovacuum would have left them: statistics and the visibility map.
  await db.query('VACUUM ANALYZE namespaces');
  await db.query('VACUUM ANALYZE stacks');

  // The PG-native reference: same database, same statements, same envelope.
  const pgReferencePort = await freePort();
  pgReference = fork(join(import.meta.dirname, 'pg-reference-server.mjs'), [], {
    execArgv: cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}/reference`] : [],
    env: { ...inherited, DATABASE_URL: databaseUrl, ORGANIZATION_ID: organization.id, PORT: String(pgReferencePort) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise((resolve, reject) => {
    pgReference.once('message', resolve);
    pgReference.once('exit', (code) => reject(new Error(`the PG reference exited with code ${code}`)));
  });

  // CPU of each server and of PostgreSQL (every process below the API: the embedded server and its backends).
  const postgresTicks = () => descendantsOf(child.pid).reduce((sum, pid) => sum + ticksOf(pid), 0);
  const cpuOf = (pid) => (hasProc ? () => ({ server: ticksOf(pid), postgres: postgresTicks() }) : undefined);

  // The same body apart from the request id (and key order: the API's objects are built in another order).
  const canonical = (value) =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical(value[k])]))
        : value;
  const sameBody = (body) => JSON.stringify(canonical({ ...JSON.parse(body), request: undefined }));

  const lists = [
    {
      key: 'namespaces',
      title: 'GET /namespace?pageSize=100 (a page of 100 of 10,000 namespaces)',
      api: '/api/namespace?pageSize=100',
      reference: '/namespace?pageSize=100',
      table: 'namespaces',
      statement: namespaceList.statement([]).text,
    },
    {
      key: 'stacks',
      title: 'GET /stack?pageSize=100 (a page of 100 of 10,000 stacks over 100 namespaces)',
      api: '/api/stack?pageSize=100',
      reference: '/stack?pageSize=100',
      table: 'stacks',
      statement: stackLists['name:asc'].statement([]).text,
    },
  ].filter((l) => !only || l.key === only);

  for (const list of lists) {
    list.callApi = () => request(apiPort, 'GET', list.api, { token });
    list.callReference = () => request(pgReferencePort, 'GET', list.reference);
    const [ours, theirs] = [await list.callApi(), await list.callReference()];
    if (ours.status !== 200) throw new Error(`${list.api} answered ${ours.status}: ${ours.body.slice(0, 300)}`);
    if (sameBody(ours.body) !== sameBody(theirs.body)) {
      throw new Error(`the PG reference answers ${list.reference} differently from the API:\n${ours.body.slice(0, 600)}\n${theirs.body.slice(0, 600)}`);
    }
    list.body = ours.body;
    // Warm both (JIT, prepared statements, pools) before measuring.
    await run(sample(), list.callReference, 1000);
    await run(sample(), list.callApi, 1000);
  }

  console.log(`\nAPI benchmark: ${concurrency} concurrent keep-alive clients; each list against its PG-native reference,`);
  console.log(`interleaved in ${rounds} rounds of ${durationMs / rounds / 1000} s each, repeated ${repeat} times (medians judged).`);
  console.log(`Load average at the start: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);

  const verdicts = [];
  for (const list of lists) {
    const runs = [];
    for (let i = 0; i < repeat; i++) {
      const loadBefore = load1();
      const [ref, api] = await interleaved([
        { name: 'reference', call: list.callReference, cpu: cpuOf(pgReference.pid) },
        { name: 'api', call: list.callApi, cpu: cpuOf(child.pid) },
      ]);
      runs.push({ ref, api, ratio: api.rps / ref.rps, load: `${loadBefore}→${load1()}` });
    }
    console.log(`\n${list.title}`);
    console.log(
      'run'.padEnd(7),
      'load 1m'.padStart(11),
      'ref req/s'.padStart(10),
      'API req/s'.padStart(10),
      'ratio'.padStart(7),
      'API p50'.padStart(8),
      'API p99'.padStart(8),
      'p99/p50'.padStart(8),
      'ref p50'.padStart(8),
      'ref p99'.padStart(8),
      'p99/p50'.padStart(8),
      'CPU ms/req: API'.padStart(16),
      'ref'.padStart(6),
      'PG(API)'.padStart(8),
      'PG(ref)'.padStart(8),
      'errors'.padStart(7),
    );
    const row = (label, load, r) =>
      console.log(
        label.padEnd(7),
        load.padStart(11),
        fixed(r.refRps, 0).padStart(10),
        fixed(r.apiRps, 0).padStart(10),
        `${fixed(r.ratio)}×`.padStart(7),
        fixed(r.apiP50).padStart(8),
        fixed(r.apiP99).padStart(8),
        fixed(r.apiTail).padStart(8),
        fixed(r.refP50).padStart(8),
        fixed(r.refP99).padStart(8),
        fixed(r.refTail).padStart(8),
        fixed(r.apiCpu, 3).padStart(16),
        fixed(r.refCpu, 3).padStart(6),
        fixed(r.apiPg, 3).padStart(8),
        fixed(r.refPg, 3).padStart(8),
        String(r.errors).padStart(7),
      );
    const figures = runs.map(({ ref, api, ratio }) => ({
      refRps: ref.rps,
      apiRps: api.rps,
      ratio,
      apiP50: api.p50,
      apiP99: api.p99,
      apiTail: api.p99 / api.p50,
      refP50: ref.p50,
      refP99: ref.p99,
      refTail: ref.p99 / ref.p50,
      apiCpu: api.serverCpuMs,
      refCpu: ref.serverCpuMs,
      apiPg: api.postgresCpuMs,
      refPg: ref.postgresCpuMs,
      errors: api.errors + ref.errors,
    }));
    figures.forEach((f, i) => row(String(i + 1), runs[i].load, f));
    const med = Object.fromEntries(Object.keys(figures[0]).map((k) => [k, median(figures.map((f) => f[k]))]));
    row('median', '', med);
    // The tail at a steady half of the reference's throughput too (printed, not judged): the
    // latency a request sees when it does not queue behind the others. On a 2-core machine that
    // runs the clients, the server and PostgreSQL, its p99 is scheduling and GC pauses, for the
    // minimal reference alike; compare the two.
    const rate = Math.max(1, Math.round(steadyShare * med.refRps));
    const steadyRuns = [];
    for (let i = 0; i < repeat; i++) {
      const loadBefore = load1();
      const [ref, api] = await interleavedSteady(
        [
          { name: 'reference', call: () => request(pgReferencePort, 'GET', list.reference, { via: steadyAgent }) },
          { name: 'api', call: () => request(apiPort, 'GET', list.api, { token, via: steadyAgent }) },
        ],
        rate,
      );
      steadyRuns.push({ ref, api, load: `${loadBefore}→${load1()}` });
    }
    console.log(`  at a steady ${rate} requests/s (open loop, ${Math.round(steadyShare * 100)}% of the reference's throughput): p50 / p99 ms`);
    const tails = steadyRuns.map(({ ref, api }) => ({ api: api.p99 / api.p50, ref: ref.p99 / ref.p50, apiP50: api.p50, apiP99: api.p99, refP50: ref.p50, refP99: ref.p99, errors: api.errors + ref.errors }));
    steadyRuns.forEach(({ load }, i) => {
      const f = tails[i];
      console.log(
        `  ${String(i + 1).padEnd(5)} ${load.padStart(11)}   API ${fixed(f.apiP50)} / ${fixed(f.apiP99)} (${fixed(f.api)}×)   reference ${fixed(f.refP50)} / ${fixed(f.refP99)} (${fixed(f.ref)}×)   errors ${f.errors}`,
      );
    });
    const steadyMed = Object.fromEntries(Object.keys(tails[0]).map((k) => [k, median(tails.map((f) => f[k]))]));
    verdicts.push(
      `${med.ratio >= targets.ratio ? 'PASS' : 'FAIL'} ${list.key}: throughput ${fixed(med.ratio)}× the PG-native reference (target ≥ ${fixed(targets.ratio)}×; runs ${figures.map((f) => fixed(f.ratio)).join(', ')})`,
      `${med.apiTail <= targets.tail ? 'PASS' : 'FAIL'} ${list.key}: p99 = ${fixed(med.apiTail)}× p50 at saturation (${fixed(med.apiP99)} ms against ${fixed(med.apiP50)} ms; target ≤ ${targets.tail}×; the reference's own: ${fixed(med.refTail)}×)`,
      `INFO ${list.key}: p99 = ${fixed(steadyMed.api)}× p50 at a steady ${rate} requests/s (${fixed(steadyMed.apiP99)} ms against ${fixed(steadyMed.apiP50)} ms; the reference's own: ${fixed(steadyMed.ref)}×, ${fixed(steadyMed.refP99)} ms against ${fixed(steadyMed.refP50)} ms)`,
    );
  }

  // The plans of the statements the API ran (captured, then PREPAREd and EXPLAINed with the same
  // values: the organization, 100 rows, offset 0).
  console.log('\nQuery plans of the statements the API ran for these lists:');
  for (const list of lists) {
    const statements = await statementsOf(db, list.callApi);
    // pg_stat_activity keeps the first kilobyte of a text: the statement the API ran is the list's
    // own when it begins with what was seen.
    const ran = statements.find((s) => list.statement.startsWith(s));
    console.log(`\n  ${list.key}: ${statements.length} statement${statements.length === 1 ? '' : 's'} per request; the page: ${list.statement}`);
    for (const other of statements.filter((s) => s !== ran)) console.log(`    and: ${other.replace(/\s+/g, ' ')}`);
    if (!ran) {
      verdicts.push(`FAIL ${list.key}: the API did not run the list's statement (seen: ${statements.join(' | ').slice(0, 300)})`);
      continue;
    }
    const { verdicts: planVerdicts, lines } = await explainList(db, `${list.key} plan`, list.statement, list.table, [organization.id, 100, 0]);
    for (const line of lines) console.log(line);
    verdicts.push(...planVerdicts);
    verdicts.push(
      `${statements.length === 1 ? 'PASS' : 'FAIL'} ${list.key}: one statement (one round trip to PostgreSQL) per request (${statements.length} seen)`,
    );
  }

  if (!listOnly) {
    const page = lists[0]?.body ?? '{}';
    reference.on('request', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(page);
    });
    const referencePort = await freePort();
    await new Promise((r) => reference.listen(referencePort, '127.0.0.1', r));
    const others = [
      await load('reference node:http (same body)', () => request(referencePort, 'GET', '/')),
      await load('GET /namespace?namespaceName= (1 of 10,000)', () =>
        request(apiPort, 'GET', '/api/namespace?namespaceName=namespace-05000', { token }),
      ),
      await load('POST /auth/signIn (argon2id)', () =>
        request(apiPort, 'POST', '/api/auth/signIn', { body: { entity: { email: bench.email, password: bench.password } } }),
      ),
    ];
    console.log('\nOther scenarios (not interleaved):');
    for (const r of others) {
      console.log(r.name.padEnd(46), `${r.rps.toFixed(0)} req/s`.padStart(12), `p50 ${fixed(r.p50)} ms`.padStart(14), `p99 ${fixed(r.p99)} ms`.padStart(14), `errors ${r.errors}`);
    }
  }

  console.log(`\nLoad average at the end: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log('\nVerdicts:');
  for (const v of verdicts) console.log(`  ${v}`);
} finally {
  await db?.end().catch(() => undefined);
  pgReference?.kill('SIGTERM');
  reference.close();
  agent.destroy();
  steadyAgent.destroy();
  child.kill('SIGTERM');
  await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  await rm(dataDir, { recursive: true, force: true });
}
