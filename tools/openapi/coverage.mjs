#!/usr/bin/env node
// Compares the description (openapi/dist/openapi.json) with the calls the specification names
// (tools/openapi/spec-catalogue.txt): prints every `METHOD /path` the description lacks, and the
// count of operations it holds (per tag, and how many are designed). Exits 1 when something is
// missing. Paths compare with parameter names ignored (`/stack/{id}` = `/stack/{stackId}`) and
// without a trailing slash (clients send `/stack/driftRemediation/`). `--permissions` instead lists
// every declared permission.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');
const doc = JSON.parse(readFileSync(join(root, 'openapi/dist/openapi.json'), 'utf8'));
const methods = ['get', 'put', 'post', 'delete', 'patch'];
const normalise = (method, path) => `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, '{}').replace(/(.)\/$/, '$1')}`;

const described = new Set();
const permissions = new Map();
const byTag = new Map();
let designed = 0;
let operations = 0;
for (const [path, item] of Object.entries(doc.paths)) {
  for (const method of methods) {
    const op = item[method];
    if (!op) continue;
    operations += 1;
    described.add(normalise(method, path));
    if (op['x-designed']) designed += 1;
    permissions.set(op['x-permission'], (permissions.get(op['x-permission']) ?? 0) + 1);
    const tag = op.tags?.[0] ?? '(untagged)';
    byTag.set(tag, (byTag.get(tag) ?? 0) + 1);
  }
}

// `--permissions` lists every x-permission with its number of operations, for the server's catalogue.
if (process.argv.includes('--permissions')) {
  for (const [permission, count] of [...permissions].sort(([a], [b]) => a.localeCompare(b))) console.log(`${permission}\t${count}`);
  process.exit(0);
}

const catalogue = readFileSync(join(import.meta.dirname, 'spec-catalogue.txt'), 'utf8')
  .split('\n')
  .map((line) => line.replace(/#.*/, '').trim())
  .filter(Boolean)
  .map((line) => {
    const [method, path] = line.split(/\s+/);
    return { line, key: normalise(method.toLowerCase(), path) };
  });
const missing = catalogue.filter(({ key }) => !described.has(key));

console.log(`Operations in the description: ${operations} (${designed} designed, marked x-designed)`);
for (const [tag, count] of [...byTag].sort(([a], [b]) => a.localeCompare(b))) console.log(`  ${tag.padEnd(22)} ${count}`);
console.log(`Calls named by the specification: ${catalogue.length}, described: ${catalogue.length - missing.length}`);
if (missing.length) {
  console.log(`Missing from the description (${missing.length}):`);
  for (const { line } of missing) console.log(`  ${line}`);
  process.exit(1);
}
console.log('Every call the specification names is described.');
