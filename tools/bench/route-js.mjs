#!/usr/bin/env node
// Console routes' initial JavaScript: loads each main route cold in Chromium against the built
// server (tools/bench/lib/console-server.mjs: `npm start`'s entry on an embedded PostgreSQL,
// signed in through the API for the /app routes) and sums every JavaScript file the page loaded
// until the network was idle, gzip-compressed (level 9, as the budget counts), next to the
// budget of ARCHITECTURE §8 (about 170 KiB gzip for every route). Also prints what went over
// the wire (the server sends the build's brotli copies). Prints figures only; asserts nothing.
//
//   node tools/bench/route-js.mjs [--all] [--files] [--route=/auth/login]
//
// Build first: `npx nx run console:build` (the API is built by start.mjs when needed).
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { chromiumFlags, chromiumPath, startConsoleServer, storedSessionScript } from './lib/console-server.mjs';

const budgetKiB = 170;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const showFiles = process.argv.includes('--files');
const only = process.argv.find((a) => a.startsWith('--route='))?.split('=')[1];

/** The main routes: the sign-in flows, and the pages of each domain library (signed in). */
const routes = [
  { path: '/auth/login', signedIn: false },
  { path: '/auth/signup', signedIn: false },
  { path: '/auth/recoverPassword', signedIn: false },
  { path: '/app/namespaces', signedIn: true },
  { path: '/app/createNamespaceWizard', signedIn: true },
  { path: '/app/organization/setting', signedIn: true },
  { path: '/app/user/setting', signedIn: true },
  { path: '/app/personalAccessToken/terraformLogin', signedIn: true },
  { path: '/app/dashboard', signedIn: true },
];
/** With --all, also every other /app route that needs no object id (the budget holds for every route). */
const otherAppRoutes = [
  '/app/createStackWizard',
  '/app/templates',
  '/app/createTemplateWizard',
  '/app/createBlueprintWizard',
  '/app/stackDiscovery',
  '/app/createStackDiscoveryWizard',
  '/app/driftCenter',
  '/app/controlPolicies',
  '/app/policyViolations',
  '/app/createControlPolicyWizard',
  '/app/createControlPolicyGroupWizard',
  '/app/activeRuns',
  '/app/audit',
  '/app/cloudInventory',
  '/app/tfRegistry',
];
if (process.argv.includes('--all')) routes.push(...otherAppRoutes.map((path) => ({ path, signedIn: true })));

const server = await startConsoleServer();
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumFlags.filter((f) => f !== '--headless') });
try {
  console.log('Console initial JavaScript per route (cold load, every .js file until network idle)');
  console.log(`  ${'route'.padEnd(42)} ${'files'.padStart(5)} ${'gzip'.padStart(11)} ${'transferred'.padStart(12)}  budget`);
  for (const route of routes.filter((r) => !only || r.path === only)) {
    const context = await browser.newContext();
    if (route.signedIn) await context.addInitScript(storedSessionScript(server.session));
    const page = await context.newPage();
    const scripts = new Map();
    page.on('response', async (response) => {
      if (!new URL(response.url()).pathname.endsWith('.js')) return;
      const done = (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        return { gzip: gzipSync(body, { level: 9 }).length, transferred: sizes.responseBodySize };
      })();
      scripts.set(new URL(response.url()).pathname, done);
    });
    await page.goto(`${server.base}${route.path}`, { waitUntil: 'networkidle' });
    const sizes = await Promise.all([...scripts].map(async ([file, size]) => [file, await size]));
    const gzip = sizes.reduce((sum, [, s]) => sum + s.gzip, 0);
    const transferred = sizes.reduce((sum, [, s]) => sum + s.transferred, 0);
    const landed = new URL(page.url()).pathname;
    const label = landed === route.path ? route.path : `${route.path} → ${landed}`;
    console.log(
      `  ${label.padEnd(42)} ${String(sizes.length).padStart(5)} ${kib(gzip).padStart(11)} ${kib(transferred).padStart(12)}  ${((gzip / (budgetKiB * 1024)) * 100).toFixed(0)}%`,
    );
    if (showFiles) {
      for (const [file, s] of sizes.sort((a, b) => b[1].gzip - a[1].gzip)) console.log(`      ${file.padEnd(60)} ${kib(s.gzip).padStart(10)}`);
    }
    await context.close();
  }
  console.log(`  budget (ARCHITECTURE §8): ${budgetKiB} KiB gzip for every route`);
} finally {
  await browser.close();
  await server.stop();
}
