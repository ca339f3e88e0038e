import { HttpRunnerTransport, registerRunner, RunnerAgent } from '@terrace/runner-agent';
import { loadRunnerConfig, RunnerConfigError } from './runner-config';

// The self-hosted runner: registers with its group's token, then claims and runs jobs over the
// runner protocol (outbound HTTP(S) only). SIGTERM or SIGINT: no more claims, running jobs finish
// (up to RUNNER_DRAIN_SECONDS, then they are cancelled), then it exits.

const log = (level: string, message: string, fields: Record<string, unknown> = {}) =>
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...fields })}\n`);

async function main(): Promise<void> {
  let config;
  try {
    config = loadRunnerConfig();
  } catch (error) {
    if (error instanceof RunnerConfigError) {
      process.stderr.write(`${error.message}\nSee docs/runners.md for every setting.\n`);
      process.exit(78);
    }
    throw error;
  }
  const registered = await registerRunner(config.apiUrl, { runnerGroupToken: config.groupToken, name: config.name, version: '0.1.0' });
  log('info', 'Runner registered', { runnerId: registered.runnerId, group: registered.runnerGroupId, name: config.name });
  const agent = new RunnerAgent({
    transport: new HttpRunnerTransport({ baseUrl: config.apiUrl, runnerToken: registered.token }),
    concurrency: config.concurrency,
    heartbeatIntervalMs: Math.min(config.heartbeatIntervalMs, registered.heartbeatIntervalSeconds * 1000),
    apiBaseUrl: config.apiUrl,
    once: config.once,
    engine: { ...(config.workDir ? { workRoot: config.workDir } : {}) },
    logger: {
      info: (message, fields) => log('info', message, fields),
      warn: (message, fields) => log('warn', message, fields),
      error: (message, fields) => log('error', message, fields),
    },
  });
  agent.start();
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log('info', 'Stopping: running jobs finish first', { signal, jobs: agent.runningJobs });
    agent.stop({ drainMs: config.drainMs }).then(
      () => {
        log('info', 'Runner stopped');
        process.exit(0);
      },
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  await agent.finished();
  if (!stopping) {
    // --once: the one job is done.
    await agent.stop({ drainMs: 0 });
    process.exit(0);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`The runner failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
