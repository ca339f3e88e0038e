import { ConfigError, loadConfig } from './config/config';
import { createLogger } from './logger';
import { startServer } from './server';
import { runAdminCli } from './cli/admin';

// The entry of `npm start` (tools/scripts/start.mjs runs the bundle of this file) and of the
// operator commands (`node dist/apps/api/main.mjs admin …`).
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee apps/api/README.md for every setting and its default.\n`);
      process.exit(78);
    }
    throw error;
  }
  // Operator commands (apps/api/README.md, "Operator commands") run once and exit.
  if (process.argv[2] === 'admin') process.exit(await runAdminCli(process.argv.slice(3), config));
  const logger = createLogger(config.logLevel);
  const server = await startServer(config, logger);
  logger.info({ urls: server.urls }, 'Terrace is running');
  process.stdout.write(`\nTerrace is running at ${server.urls[0]} (API under ${server.urls[0]}api)\n`);
  if (server.urls[1]) process.stdout.write(`API at the root of ${server.urls[1]}\n`);

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'Shutting down');
    const force = setTimeout(() => {
      logger.error('Shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`Terrace failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
