#!/usr/bin/env node
// Runner protocol benchmark (issue 12): prints figures, asserts nothing, exits 0.
//
//   node tools/bench/runner-bench.mjs [--runners=20] [--jobs=40] [--clients=50] [--log-mb=8] [--chunk-kb=64] [--in-flight=2] [--repeat=3] [--profile=DIR]
//
// 1. Claim latency with 20 runners: 20 registered runners long-poll the claim of one group; plans
//    are created one at a time and the time from the plan's creation answer to a runner holding its
//    job is measured (the wake-up is PostgreSQL NOTIFY, so this is the protocol's reaction time).
// 2. Log throughput to 50 browsers, against a bare SSE server in the same run
//    (lib/bare-sse-server.mjs: node:http alone, in its own process as the API is, chunks kept in
//    memory). Both get the same bytes in the same chunks from the same producer (a runner's
//    appends as the runner agent sends them, `--in-flight` on their way at once, `--log-mb` in
//    `--chunk-kb` chunks, the same request bodies), and the same
//    50 clients read them the same way (frames split, JSON parsed). Two cases, `--repeat` times,
//    Terrace and the bare server taking turns, medians compared (goal: ≥ 0.5× the bare server):
//    - following: the clients are connected while the runner appends (GET /stack/run/{runId}/logs);
//      Terrace stores every chunk durably (one commit each, in order: a chunk that arrives before
//      the one ahead of it waits for it) before it answers the runner;
//    - finished run: the run is over (its log compacted, gzip and sealed) and the clients open it.
// 3. Run lists at 100,000 runs: run-list-bench.mjs (named at the end).
//
// `--profile=DIR` writes the API process's CPU profile (node --cpu-prof) into DIR.
//
// The API bundle `npm start` runs is built and started (with its V8 flags) on a temporary data directory (embedded
// PostgreSQL, the managed runner off); everything is stopped at the end.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { apiNodeFlags } from '../scripts/api-node-flags.mjs';

const root = join(import.meta.dirname, '../..');
const option = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const runnerCount = option('runners', 20);
const jobCount = option('jobs', 40);
const clientCount = option('clients', 50);
const logBytes = option('log-mb', 8) * 1024 * 1024;
// 64 KiB: what the runner agent sends at a time when a step writes fast (LogUploader's batch; else every 500 ms).
const chunkBytes = option('chunk-kb', 64) * 1024;
const repeat = option('repeat', 3);
// The runner agent keeps two log pieces in flight (LogUploader); `--in-flight=1` measures one at a time.
const inFlight = option('in-flight', 2);
/** `--profile=DIR`: the API process writes a CPU profile (node --cpu-prof) into DIR when it stops. */
const profileDir = process.argv.find((a) => a.startsWith('--profile='))?.split('=')[1];

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

/**
 * Reads an SSE response as a browser's page would (frames split, each log event's JSON parsed)
 * until `until(log bytes read)` holds: `ready` once the first bytes came, `done` with the log bytes.
 */
function follow(url, headers, until) {
  let isReady;
  const ready = new Promise((resolve) => (isReady = resolve));
  const done = new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
      let buffer = '';
      let bytes = 0;
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        isReady();
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
  return { ready, done };
}

const dataDir = await mkdtemp(join(tmpdir(), 'terrace-runner-bench-'));
const [apiPort, pgPort] = [await freePort(), await freePort()];
const { DATABASE_URL: _ignored, ...inherited } = process.env;
execFileSync(process.execPath, [join(root, 'apps/api/build.mjs')], { stdio: 'inherit' });
const child = spawn(process.execPath, [...apiNodeFlags, ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), join(root, 'dist/apps/api/main.mjs')], {
  env: { ...inherited, PORT: String(apiPort), EMBEDDED_PG_PORT: String(pgPort), DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000000', IAC_VERSIONS_REFRESH: 'off', MANAGED_RUNNER: 'false' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
base = `http://127.0.0.1:${apiPort}/api`;
let bareServer;
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
  console.log(
    `Runner bench: ${runnerCount} runners, ${jobCount} jobs; ${clientCount} SSE clients × ${logBytes / 1024 / 1024} MiB in ${chunkBytes / 1024} KiB chunks, ${inFlight} in flight; load ${loadavg()[0].toFixed(1)}`,
  );
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
        jobs.push({ ...job, runnerToken: r.token });
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

  // 2. Log throughput to 50 SSE clients, against the bare SSE server in the same run: the same
  //    producer (the runner agent's appends, same bodies), the same bytes in the same chunks,
  //    the same clients reading the same way; Terrace and the bare server take turns.
  bareServer = spawn(process.execPath, [join(root, 'tools/bench/lib/bare-sse-server.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const barePort = await new Promise((resolve) => bareServer.stdout.once('data', (d) => resolve(Number(String(d).trim()))));
  const bareBase = `http://127.0.0.1:${barePort}`;
  const chunk = Buffer.from(`${'x'.repeat(chunkBytes - 1)}\n`);
  const chunks = Math.ceil(logBytes / chunkBytes);
  const total = chunks * chunkBytes;
  const body = (i) => JSON.stringify({ entity: { offset: i * chunkBytes, data: chunk.toString('base64') } });
  /**
   * The runner, as the runner agent's LogUploader sends: chunk after chunk, `inFlight` of them on
   * their way at once (the next one leaves when the oldest was answered).
   */
  const produce = async (url, headers) => {
    const flights = [];
    try {
      for (let i = 0; i < chunks; i += 1) {
        if (flights.length >= inFlight) await flights.shift();
        const flight = (async () => {
          const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: body(i) });
          if (!response.ok) throw new Error(`append ${i}: ${response.status} ${await response.text()}`);
          await response.arrayBuffer();
        })();
        flight.catch(() => undefined); // awaited below
        flights.push(flight);
      }
    } finally {
      await Promise.allSettled(flights);
    }
    await Promise.all(flights);
  };
  /**
   * `clientCount` clients open `url`; answers when all of them got the whole log. Following, the
   * time runs from `start()` (the runner's first append), once every client is connected; opening
   * a finished run, from the clients' requests.
   */
  const measure = async (url, headers, start) => {
    const opened = performance.now();
    const streams = Array.from({ length: clientCount }, () => follow(url, headers, (bytes) => bytes >= total));
    if (start) await Promise.all(streams.map((s) => s.ready));
    const started = start ? performance.now() : opened;
    if (start) await start();
    const sent = (performance.now() - started) / 1000;
    await Promise.all(streams.map((s) => s.done));
    const seconds = (performance.now() - started) / 1000;
    return { seconds, sent, rate: (total * clientCount) / seconds / 1024 / 1024 };
  };
  const auth = { authorization: `Bearer ${token}` };
  // The jobs' runners are alive: they heartbeat (every 10 s, as the runner agent does), so the leases hold however long the rounds take.
  const heartbeats = setInterval(() => {
    for (const r of runners) {
      const held = jobs.filter((j) => j.runnerToken === r.token).map((j) => ({ jobId: j.jobId, attempt: j.attempt }));
      if (held.length) void call('POST', '/runner/heartbeat', { token: r.token, entity: { health: 'ok', jobs: held } }).catch(() => undefined);
    }
  }, 10_000).unref();
  const follows = [];
  const replays = [];
  for (let round = 0; round < repeat; round += 1) {
    const job = jobs[round];
    const runLogs = `${base}/stack/run/${job.runId}/logs`;
    await fetch(`${bareBase}/reset`, { method: 'POST' });
    // Live: the clients follow while the runner appends.
    const terrace = await measure(runLogs, auth, () => produce(`${base}/runner/job/${job.jobId}/log`, { authorization: `Bearer ${job.token}` }));
    const bare = await measure(`${bareBase}/follow`, {}, () => produce(`${bareBase}/log`, {}));
    follows.push({ terrace, bare, ratio: terrace.rate / bare.rate });
    console.log(
      `  follow ${round + 1}: Terrace ${terrace.rate.toFixed(1)} MiB/s (${terrace.seconds.toFixed(2)} s; the runner's ${chunks} appends took ${terrace.sent.toFixed(2)} s), bare ${bare.rate.toFixed(1)} MiB/s (${bare.seconds.toFixed(2)} s; appends ${bare.sent.toFixed(2)} s)`,
    );
    // Stored: the run finished (its log compacted and sealed); the clients open it at once.
    await call('POST', `/runner/job/${job.jobId}/finish`, { token: job.token, entity: { status: 'failed', finalLogOffset: total, outcome: { error: 'runner bench' } } });
    const stored = await measure(runLogs, auth);
    const bareStored = await measure(`${bareBase}/replay`, {});
    replays.push({ terrace: stored, bare: bareStored, ratio: stored.rate / bareStored.rate });
    console.log(`  finished run ${round + 1}: Terrace ${stored.rate.toFixed(1)} MiB/s (${stored.seconds.toFixed(2)} s), bare ${bareStored.rate.toFixed(1)} MiB/s (${bareStored.seconds.toFixed(2)} s)`);
  }
  const median = (values) => percentile(values, 50);
  const verdict = (ratio) => `${ratio.toFixed(2)}× the bare server (goal ≥ 0.5×): ${ratio >= 0.5 ? 'PASS' : 'FAIL'}`;
  const followRatio = median(follows.map((f) => f.ratio));
  const replayRatio = median(replays.map((f) => f.ratio));
  console.log(
    `log throughput to ${clientCount} SSE clients following a run while its runner appends, median of ${repeat}: Terrace ${median(follows.map((f) => f.terrace.rate)).toFixed(1)} MiB/s, bare ${median(follows.map((f) => f.bare.rate)).toFixed(1)} MiB/s; ratio ${verdict(followRatio)}`,
  );
  console.log(
    `log throughput to ${clientCount} SSE clients opening a finished run, median of ${repeat}: Terrace ${median(replays.map((f) => f.terrace.rate)).toFixed(1)} MiB/s, bare ${median(replays.map((f) => f.bare.rate)).toFixed(1)} MiB/s; ratio ${verdict(replayRatio)}`,
  );
  clearInterval(heartbeats);
  console.log('run lists at 100,000 runs: node tools/bench/run-list-bench.mjs');
} catch (error) {
  console.error(error);
} finally {
  bareServer?.kill('SIGTERM');
  agent.destroy();
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  await rm(dataDir, { recursive: true, force: true });
}
