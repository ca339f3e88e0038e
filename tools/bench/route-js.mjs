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
import { chromiumFlags, chromiumPath, post, startConsoleServer, storedSessionScript } from './lib/console-server.mjs';

const budgetKiB = 170;
// ARCHITECTURE §8: heavy parts (charts, code editors, graph layout…) load only through import() on
// the pages that show them, outside the budget; they are counted apart (the charting library).
const heavyPart = /\/assets\/chart-impl-[^/]+\.js$/;
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
const allRoutes = process.argv.includes('--all');
if (allRoutes) routes.push(...otherAppRoutes.map((path) => ({ path, signedIn: true })));

const server = await startConsoleServer();
if (allRoutes) {
  // The detail pages, on objects made through the API.
  const as = (path, entity) => post(server.base, `/api${path}`, entity, server.session.token);
  const namespace = await as('/namespace', { name: 'bench' });
  const stack = await as('/stack', { stack: { name: 'bench-stack', namespaceId: namespace.id, iacType: 'terraform' } });
  const team = await as('/iam/org/team', { name: 'Platform' });
  for (const path of [`/app/namespace/${namespace.id}`, `/app/stack/${stack.id}`, `/app/team/${team.id}`]) {
    routes.push({ path, signedIn: true });
  }
}
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumFlags.filter((f) => f !== '--headless') });
try {
  console.log('Console initial JavaScript per route (cold load, every .js file until network idle)');
  console.log(`  ${'route'.padEnd(42)} ${'files'.padStart(5)} ${'gzip'.padStart(11)} ${'transferred'.padStart(12)}  budget`);
  // --route=/app/stack/ (ending with a slash) picks a detail page whatever its id.
  for (const route of routes.filter((r) => !only || r.path === only || (only.endsWith('/') && r.path.startsWith(only)))) {
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
    const all = await Promise.all([...scripts].map(async ([file, size]) => [file, await size]));
    const sizes = all.filter(([file]) => !heavyPart.test(file));
    const heavy = all.filter(([file]) => heavyPart.test(file)).reduce((sum, [, s]) => sum + s.gzip, 0);
    const gzip = sizes.reduce((sum, [, s]) => sum + s.gzip, 0);
    const transferred = sizes.reduce((sum, [, s]) => sum + s.transferred, 0);
    const landed = new URL(page.url()).pathname;
    const label = landed === route.path ? route.path : `${route.path} → ${landed}`;
    console.log(
      `  ${label.padEnd(42)} ${String(sizes.length).padStart(5)} ${kib(gzip).padStart(11)} ${kib(transferred).padStart(12)}  ${`${((gzip / (budgetKiB * 1024)) * 100).toFixed(0)}%`.padEnd(5)}${heavy ? `  + ${kib(heavy)} heavy part` : ''}`,
    );
    if (showFiles) {
      for (const [file, s] of all.sort((a, b) => b[1].gzip - a[1].gzip)) console.log(`      ${file.padEnd(60)} ${kib(s.gzip).padStart(10)}`);
    }
    await context.close();
  }
  console.log(`  budget (ARCHITECTURE §8): ${budgetKiB} KiB gzip for every route`);
} finally {
  await browser.close();
  await server.stop();
}
