import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config/config';
import { embeddedDatabase } from '../server';
import { connectDatabase } from '../db/database';
import { OperatorCommandError, runOperatorCommand } from './operator-commands';

/**
 * The database of a configured server: DATABASE_URL, or the embedded PostgreSQL of DATA_DIR,
 * which must be running (the server started it); the operator runs commands beside the server.
 */
async function databaseUrlOf(config: Config): Promise<string> {
  if (config.databaseUrl) return config.databaseUrl;
  const passwordFile = join(config.dataDir, 'pg', 'postgres.password');
  let password: string;
  try {
    password = (await readFile(passwordFile, 'utf8')).trim();
  } catch {
    throw new OperatorCommandError(`No embedded PostgreSQL in ${config.dataDir} (${passwordFile} is missing): set DATA_DIR or DATABASE_URL`);
  }
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${config.embeddedPgPort}/${embeddedDatabase}`;
}

/** `node dist/apps/api/main.mjs admin …`: answers the exit code (0, 64 for a usage error, 1). */
export async function runAdminCli(args: readonly string[], config: Config): Promise<number> {
  let database;
  try {
    database = connectDatabase(await databaseUrlOf(config), 1);
    process.stdout.write(`${await runOperatorCommand(database.db, args)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof OperatorCommandError) {
      process.stderr.write(`${error.message}\n`);
      return 64;
    }
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`The operator command failed: ${message}\n(Is the server's PostgreSQL running? Start the server first.)\n`);
    return 1;
  } finally {
    await database?.close();
  }
}
