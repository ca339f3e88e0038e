#!/usr/bin/env node
// Console bundle figure: the JavaScript a first visit loads before any route's own chunk (the
// entry chunk named by index.html and every chunk it imports statically), gzip-compressed, next
// to the budget of ARCHITECTURE §8 (about 170 KiB gzip). Prints figures only; asserts nothing.
//
//   node tools/bench/entry-chunk.mjs [--dist=dist/apps/console] [--modules]
//
// Build the console first (`nx run console:build`). With --modules, and a build that has source
// maps (`vite build --sourcemap`), it also prints which packages and folders fill the entry chunk.
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = join(import.meta.dirname, '../..');
const option = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const dist = resolve(root, option('dist') ?? 'dist/apps/console');
const budgetKiB = 170;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

if (!existsSync(join(dist, 'index.html'))) {
  console.error(`entry-chunk: ${relative(root, dist)}/index.html not found; build the console first.`);
  process.exit(1);
}

const html = await readFile(join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<script[^>]*type="module"[^>]*src="\/?([^"]+)"/g)].map((m) => m[1]);
const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/?([^"]+)"/g)].map((m) => m[1]);

// Static imports of a minified chunk: `import{a}from"./x.js"`, `import"./x.js"`, `export{..}from"./x.js"`.
const staticImports = (code) =>
  [...code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]+\s*from\s*)?["']([^"']+\.js)["']/g)].map((m) => m[1]);

const chunks = new Map();
const visit = async (file) => {
  if (chunks.has(file)) return;
  const code = await readFile(join(dist, file));
  chunks.set(file, { raw: code.length, gzip: gzipSync(code, { level: 9 }).length });
  for (const spec of staticImports(code.toString('utf8'))) {
    if (spec.startsWith('.')) await visit(relative(dist, resolve(dist, dirname(file), spec)));
  }
};
// The entry script imports the console's code itself, in steps (apps/console/src/main.tsx:
// `import("./react-root-….js")`, then the console): those chunks and their static imports count too.
const entryDynamicImports = async (file) =>
  [...(await readFile(join(dist, file), 'utf8')).matchAll(/import\(["']([^"']+\.js)["']\)/g)]
    .map((m) => m[1])
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => relative(dist, resolve(dist, dirname(file), spec)));
for (const file of [...entries, ...preloads]) await visit(file);
for (const entry of entries) for (const file of await entryDynamicImports(entry)) await visit(file);

let raw = 0;
let gzip = 0;
console.log('Console initial JavaScript (entry chunk, the chunks it imports itself, and their static imports)');
for (const [file, size] of [...chunks].sort((a, b) => b[1].gzip - a[1].gzip)) {
  raw += size.raw;
  gzip += size.gzip;
  console.log(`  ${file.padEnd(48)} ${kib(size.raw).padStart(11)} raw ${kib(size.gzip).padStart(11)} gzip`);
}
console.log(`  ${'total'.padEnd(48)} ${kib(raw).padStart(11)} raw ${kib(gzip).padStart(11)} gzip`);
console.log(`  budget (ARCHITECTURE §8)                         ${kib(budgetKiB * 1024).padStart(11)} gzip; ${((gzip / (budgetKiB * 1024)) * 100).toFixed(0)}% used`);

if (process.argv.includes('--modules')) {
  // Attributes each entry chunk's bytes to the source files its map names, grouped by package.
  const groups = new Map();
  for (const file of chunks.keys()) {
    const mapFile = join(dist, `${file}.map`);
    if (!existsSync(mapFile)) {
      console.log(`  (no source map for ${file}; build with --sourcemap for the breakdown)`);
      continue;
    }
    const map = JSON.parse(await readFile(mapFile, 'utf8'));
    map.sources.forEach((source, i) => {
      const content = map.sourcesContent?.[i] ?? '';
      const path = source.replace(/^(\.\.\/)+/, '');
      const group = path.includes('node_modules/')
        ? path.split('node_modules/').at(-1).split('/').slice(0, path.split('node_modules/').at(-1).startsWith('@') ? 2 : 1).join('/')
        : path.slice(Math.max(0, path.search(/(libs|apps)\//))).split("/").slice(0, 3).join("/");
      groups.set(group, (groups.get(group) ?? 0) + content.length);
    });
  }
  if (groups.size) {
    console.log('Source bytes (before minification) in those chunks, by package or folder');
    for (const [group, bytes] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
      console.log(`  ${group.padEnd(48)} ${kib(bytes).padStart(11)}`);
    }
  }
}
