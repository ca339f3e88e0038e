#!/usr/bin/env node
// Fails when a message of the source catalog has no translation in one of the translated
// locales. Run after `lingui extract`, so a string added in code but never translated counts.
import { readCatalog } from './po.mjs';

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

if (problems.length > 0) {
  console.error(`${problems.length} missing translation(s):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Translations OK: ${source.length} messages in ${required.join(', ')}.`);
