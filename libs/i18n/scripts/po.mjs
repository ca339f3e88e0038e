// The .po reader shared by the translation check and the browser walk (apps/console-e2e).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const localesDir = fileURLToPath(new URL('../src/locales/', import.meta.url));

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

export function unquote(s) {
  return s.replace(/\\(.)/g, (_, c) => ({ n: '\n', t: '\t' })[c] ?? c);
}

/** The entries of one locale's catalog. */
export function readCatalog(locale) {
  return parsePo(readFileSync(`${localesDir}${locale}/messages.po`, 'utf8'));
}
