#!/usr/bin/env node
// `npm start`: builds what is missing (the API bundle, and the console when apps/console exists),
// then runs the API in this same process: one process serves the API under /api and the console
// at /, on the embedded PostgreSQL unless DATABASE_URL is set. Settings: apps/api/README.md.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { apiNodeFlags } from './api-node-flags.mjs';

// The server runs with its V8 flags (tools/scripts/api-node-flags.mjs): started without them, this script
// starts itself again with them, passing signals and the exit code through.
if (apiNodeFlags.every((flag) => process.execArgv.includes(flag))) {
  await start();
} else {
  const child = spawn(
    process.execPath,
    [...apiNodeFlags, ...process.execArgv, import.meta.filename, ...process.argv.slice(2)],
    {
      stdio: 'inherit',
    },
  );
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
    process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

async function start() {
  const root = join(import.meta.dirname, '../..');
  const apiBundle = join(root, 'dist/apps/api/main.mjs');
  const nx = join(root, 'node_modules/.bin/nx');
  const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };

  function newestMtime(dir) {
    let newest = 0;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
    }
    return newest;
  }

  // Rebuild the API when its bundle is missing or older than any source file.
  const apiSources = [join(root, 'apps/api/src'), join(root, 'libs')].filter(existsSync);
  const stale =
    !existsSync(apiBundle) ||
    Math.max(...apiSources.map(newestMtime)) > statSync(apiBundle).mtimeMs;
  if (stale) {
    console.log('Building the API…');
    execFileSync(process.execPath, [join(root, 'apps/api/build.mjs')], { stdio: 'inherit', env });
  }

  const consoleProject = join(root, 'apps/console/project.json');
  const consoleIndex = join(
    process.env.CONSOLE_DIST ?? join(root, 'dist/apps/console'),
    'index.html',
  );
  if (existsSync(consoleProject) && !existsSync(consoleIndex)) {
    console.log('Building the console…');
    try {
      execFileSync(nx, ['run', 'console:build', '--outputStyle=static'], {
        stdio: 'inherit',
        env,
        cwd: root,
      });
    } catch {
      console.error('The console build failed; starting the API alone (/ shows a notice).');
    }
  }

  // The API reference page (served at /api-reference), built offline from the description.
  if (!existsSync(join(root, 'dist/openapi/api-reference.html'))) {
    try {
      execFileSync(nx, ['run', 'openapi:build', '--outputStyle=static'], {
        stdio: 'inherit',
        env,
        cwd: root,
      });
    } catch {
      console.error('The API reference could not be built; /api-reference is not served.');
    }
  }

  await import(pathToFileURL(apiBundle).href);
}
