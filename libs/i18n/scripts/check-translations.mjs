#!/usr/bin/env node
// Fails when a message of the source catalog has no translation in one of the translated
// locales. Run after `lingui extract`, so a string added in code but never translated counts.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const localesDir = fileURLToPath(new URL('../src/locales/', import.meta.url));
const required = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['zh', 'fr', 'ja'];

/** Parses the entries of a .po file into { msgid, msgstr, context } (obsolete entries skipped). */
export function parsePo(text) {
  const entries = [];
  for (const block of text.split(/\r?\n\s*\r?\n/)) {
    const fields = {};
    let current = null;
    for (const raw of block.split(/\r?\n/)) {
      const line = raw.trim();
      if (line.startsWith('#~')) {
        current = null;
        fields.obsolete = true;
        continue;
      }
      const start = /^(msgctxt|msgid|msgstr)\s+"(.*)"$/.exec(line);
      if (start) {
        current = start[1];
        fields[current] = unquote(start[2]);
      } else if (current && /^".*"$/.test(line)) {
        fields[current] += unquote(line.slice(1, -1));
      } else {
        current = null;
      }
    }
    if (fields.msgid === undefined || fields.obsolete) continue;
    if (fields.msgid === '' && fields.msgctxt === undefined) continue; // the header
    entries.push({ msgid: fields.msgid, msgstr: fields.msgstr ?? '', context: fields.msgctxt });
  }
  return entries;
}

function unquote(s) {
  return s.replace(/\\(.)/g, (_, c) => ({ n: '\n', t: '\t' })[c] ?? c);
}

const read = (locale) => parsePo(readFileSync(`${localesDir}${locale}/messages.po`, 'utf8'));
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
