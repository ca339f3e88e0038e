#!/usr/bin/env node
// Fails when a message of the source catalog has no translation in one of the translated
// locales. Run after `lingui extract`, so a string added in code but never translated counts.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCatalog } from './po.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));

// The console's product sources under apps and libs, without tests, stories and generated code.
function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'generated', 'tmp', '.nx', 'api', 'console-e2e'].includes(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.(test|stories)\.tsx?$/.test(entry.name) && /\/(apps|libs)\/.*\/src\//.test(path)) yield path;
  }
}

export { parsePo } from './po.mjs';
const required = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['zh', 'fr', 'ja'];

const read = readCatalog;
const source = read('en');
const problems = [];
for (const locale of required) {
  const translated = new Map(
    read(locale).map((e) => [`${e.context ?? ''}\u0004${e.msgid}`, e.msgstr]),
  );
  for (const e of source) {
    const msgstr = translated.get(`${e.context ?? ''}\u0004${e.msgid}`);
    if (!msgstr) problems.push(`${locale}: missing translation for ${JSON.stringify(e.msgid)}`);
  }
}

// Messages looked up by id at run time (`/*i18n*/ { id: 'http.notFound', … }` descriptors handed
// around as data, `i18n._('id')`) must be in the compiled catalog: a missing one shows English
// and Lingui reports it as uncompiled in the browser.
const known = new Set(source.map((e) => e.msgid));
for (const file of sourceFiles(root)) {
  const text = readFileSync(file, 'utf8');
  const ids = [
    ...text.matchAll(/\/\*\s*i18n\s*\*\/\s*\{\s*id:\s*['"]([^'"]+)['"]/g),
    ...text.matchAll(/\bi18n\._\(\s*['"]([^'"]+)['"]/g),
  ].map((m) => m[1]);
  for (const id of ids) {
    if (!known.has(id)) problems.push(`${file.slice(root.length)}: message id ${JSON.stringify(id)} is used at run time but not in the catalog`);
  }
}

if (problems.length > 0) {
  console.error(`${problems.length} translation problem(s):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Translations OK: ${source.length} messages in ${required.join(', ')}.`);
