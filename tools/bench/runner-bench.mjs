#!/usr/bin/env node
// Runner protocol benchmark (issue 12): prints figures, asserts nothing, exits 0.
//
//   node tools/bench/runner-bench.mjs [--runners=20] [--jobs=40] [--clients=50] [--log-mb=8] [--chunk-kb=16]
//
// 1. Claim latency with 20 runners: 20 registered runners long-poll the claim of one group; plans
//    are created one at a time and the time from the plan's creation answer to a runner holding its
//    job is measured (the wake-up is PostgreSQL NOTIFY, so this is the protocol's reaction time).
// 2. Log throughput to 50 browsers: one job appends its log (`--log-mb` in `--chunk-kb` chunks) while
//    50 clients follow the run's server-sent events (GET /stack/run/{runId}/logs); the bytes every
//    client received per second, against a bare node:http SSE server sending the same chunks to 50
//    clients in the same run (goal: ≥ 0.5× the bare server).
//
// The API bundle `npm start` runs is built and started on a temporary data directory (embedded
// PostgreSQL, the managed runner off); everything is stopped at the end.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const root = join(import.meta.dirname, '../..');
const option = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const runnerCount = option('runners', 20);
const jobCount = option('jobs', 40);
const clientCount = option('clients', 50);
const logBytes = option('log-mb', 8) * 1024 * 1024;
const chunkBytes = option('chunk-kb', 16) * 1024;

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
let base = '';

async function call(method, path, { entity, token, query } = {}) {
  const url = `${base}${path}${query ? `?${new URLSearchParams(query)}` : ''}`;
  const response = await fetch(url, {
    method,
    headers: { ...(entity !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(entity !== undefined ? { body: JSON.stringify({ entity }) } : {}),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(body.response?.errors)}`);
  return body.response.items;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (v) => `${v.toFixed(1)} ms`;

/** Reads an SSE response until `until(total bytes of log text)` holds; answers the log bytes read. */
function follow(url, headers, until) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent }, (res) => {
      let buffer = '';
      let bytes = 0;
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame.split('\n').find((l) => l.startsWith('data: '));
          if (frame.includes('event: log') && data) bytes += Buffer.byteLength(JSON.parse(data.slice(6)).text);
        }
        if (until(bytes)) {
          req.destroy();
          resolve(bytes);
        }
      });
      res.on('error', reject);
    });
    req.on('error', (error) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
  });
}

const dataDir = await mkdtemp(join(tmpdir(), 'terrace-runner-bench-'));
const [apiPort, pgPort] = [await freePort(), await freePort()];
const { DATABASE_URL: _ignored, ...inherited } = process.env;
execFileSync(process.execPath, [join(root, 'apps/api/build.mjs')], { stdio: 'inherit' });
const child = spawn(process.execPath, [join(root, 'dist/apps/api/main.mjs')], {
  env: { ...inherited, PORT: String(apiPort), EMBEDDED_PG_PORT: String(pgPort), DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000000', IAC_VERSIONS_REFRESH: 'off', MANAGED_RUNNER: 'false' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
base = `http://127.0.0.1:${apiPort}/api`;
const bare = http.createServer();
try {
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${apiPort}/auth/login`)).ok) break;
    } catch {
      /* not yet */
    }
    if (i > 600) throw new Error('the API did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  console.log(`Runner bench: ${runnerCount} runners, ${jobCount} jobs; ${clientCount} SSE clients × ${logBytes / 1024 / 1024} MiB in ${chunkBytes / 1024} KiB chunks; load ${loadavg()[0].toFixed(1)}`);
  const email = `bench-${Date.now()}@example.com`;
  const [signed] = await call('POST', '/auth/signUp', { entity: { email, password: 'Bench-Password-1234!', firstName: 'Bench', lastName: 'Runner', organizationName: 'Runner bench' } });
  const token = signed.token;
  const [namespace] = await call('POST', '/namespace', { token, entity: { name: 'bench' } });
  const [group] = await call('POST', '/org/runnerGroup', { token, entity: { name: 'bench', maxConcurrency: 1000 } });
  const [groupToken] = await call('POST', `/org/runnerGroup/${group.id}/token`, { token, entity: { name: 'bench' } });
  const runners = [];
  for (let i = 0; i < runnerCount; i += 1) {
    const [r] = await call('POST', '/runner/register', { entity: { runnerGroupToken: groupToken.token, name: `bench-${i}` } });
    runners.push(r);
  }
  const stacks = [];
  for (let i = 0; i < 4; i += 1) {
    const [s] = await call('POST', '/stack', {
      token,
      entity: { stack: { name: `bench-${i}`, namespaceId: namespace.id, iacType: 'opentofu', data: { runnerConfig: { mode: 'selfHosted', groups: [group.id] } } } },
    });
    stacks.push(s);
  }

  // 1. Claim latency: every runner long-polls; each plan wakes one.
  const claimedAt = new Map();
  let stop = false;
  const jobs = [];
  const loops = runners.map(async (r) => {
    while (!stop) {
      const [job] = await call('POST', '/runner/job/claim', { token: r.token, entity: { waitSeconds: 5 } });
      if (job) {
        claimedAt.set(job.runId, performance.now());
        jobs.push(job);
      }
    }
  });
  await new Promise((r) => setTimeout(r, 500));
  const latencies = [];
  for (let i = 0; i < jobCount; i += 1) {
    const [plan] = await call('POST', '/stack/plan', { token, entity: { stackId: stacks[i % stacks.length].id } });
    const created = performance.now();
    while (!claimedAt.has(plan.id)) await new Promise((r) => setTimeout(r, 1));
    latencies.push(claimedAt.get(plan.id) - created);
  }
  stop = true;
  await Promise.all(loops);
  console.log(`claim latency (${runnerCount} runners long-polling, plan created → job claimed): p50 ${ms(percentile(latencies, 50))}, p90 ${ms(percentile(latencies, 90))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(Math.max(...latencies))}`);

  // 2. Log throughput to 50 SSE clients, against a bare SSE server in the same run.
  const job = jobs[0];
  const chunk = Buffer.from(`${'x'.repeat(chunkBytes - 1)}\n`);
  const chunks = Math.ceil(logBytes / chunkBytes);
  const total = chunks * chunkBytes;
  const clients = Array.from({ length: clientCount }, () =>
    follow(`${base}/stack/run/${job.runId}/logs`, { authorization: `Bearer ${token}` }, (bytes) => bytes >= total),
  );
  await new Promise((r) => setTimeout(r, 1000));
  const started = performance.now();
  for (let i = 0; i < chunks; i += 1) {
    await call('POST', `/runner/job/${job.jobId}/log`, { token: job.token, entity: { offset: i * chunkBytes, data: chunk.toString('base64') } });
  }
  const appendSeconds = (performance.now() - started) / 1000;
  await Promise.all(clients);
  const apiSeconds = (performance.now() - started) / 1000;
  const apiRate = (total * clientCount) / apiSeconds / 1024 / 1024;

  const bareClients = [];
  bare.on('request', (req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    bareClients.push(res);
  });
  await new Promise((r) => bare.listen(0, '127.0.0.1', r));
  const barePort = bare.address().port;
  const bareReaders = Array.from({ length: clientCount }, () => follow(`http://127.0.0.1:${barePort}/`, {}, (bytes) => bytes >= total));
  while (bareClients.length < clientCount) await new Promise((r) => setTimeout(r, 10));
  const bareStarted = performance.now();
  const text = chunk.toString('utf8');
  for (let i = 0; i < chunks; i += 1) {
    const frame = `event: log\nid: ${(i + 1) * chunkBytes}\ndata: ${JSON.stringify({ seq: (i + 1) * chunkBytes, text })}\n\n`;
    await Promise.all(bareClients.map((res) => (res.write(frame) ? undefined : new Promise((r) => res.once('drain', r)))));
  }
  await Promise.all(bareReaders);
  const bareSeconds = (performance.now() - bareStarted) / 1000;
  const bareRate = (total * clientCount) / bareSeconds / 1024 / 1024;
  for (const res of bareClients) res.end();
  console.log(`log throughput to ${clientCount} SSE clients: Terrace ${apiRate.toFixed(1)} MiB/s (${apiSeconds.toFixed(2)} s, of which ${appendSeconds.toFixed(2)} s for the runner's ${chunks} sequential appends), bare SSE server ${bareRate.toFixed(1)} MiB/s (${bareSeconds.toFixed(2)} s)`);
  console.log(`ratio ${(apiRate / bareRate).toFixed(2)}× the bare server (goal ≥ 0.5×): ${apiRate / bareRate >= 0.5 ? 'PASS' : 'FAIL'}`);
} catch (error) {
  console.error(error);
} finally {
  bare.close();
  agent.destroy();
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  await rm(dataDir, { recursive: true, force: true });
}
