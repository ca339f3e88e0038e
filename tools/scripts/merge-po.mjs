#!/usr/bin/env node
// A git merge driver for the Lingui .po catalogues: two branches that each add messages both keep
// theirs (the union of entries, by context and msgid; a translation wins over an empty one).
// Run `npx lingui extract --clean` afterwards to drop what no code uses any more.
//
//   git config merge.po.driver 'node tools/scripts/merge-po.mjs %O %A %B'
//   (.gitattributes: *.po merge=po)
//   or by hand: node tools/scripts/merge-po.mjs <base> <ours, rewritten> <theirs>
import { readFileSync, writeFileSync } from 'node:fs';

const [, , , oursPath, theirsPath] = process.argv;

const blocksOf = (text) => text.split(/\r?\n\s*\r?\n/).filter((b) => b.trim() !== '');
const field = (block, name) => {
  const lines = block.split(/\r?\n/);
  let value = null;
  for (const line of lines) {
    const start = new RegExp(`^${name}\\s+"(.*)"$`).exec(line.trim());
    if (start) value = start[1];
    else if (value !== null && /^".*"$/.test(line.trim())) value += line.trim().slice(1, -1);
    else if (value !== null) break;
  }
  return value;
};
const keyOf = (block) => {
  if (block.split(/\r?\n/).every((l) => l.startsWith('#~') || l.startsWith('#') )) return null;
  const id = field(block, 'msgid');
  return id === null ? null : `${field(block, 'msgctxt') ?? ''}\u0004${id}`;
};

const ours = blocksOf(readFileSync(oursPath, 'utf8'));
const theirs = blocksOf(readFileSync(theirsPath, 'utf8'));
const index = new Map();
ours.forEach((block, i) => {
  const key = keyOf(block);
  if (key !== null) index.set(key, i);
});
for (const block of theirs) {
  const key = keyOf(block);
  if (key === null || key === '\u0004') continue;
  const at = index.get(key);
  if (at === undefined) {
    index.set(key, ours.length);
    ours.push(block);
  } else if (!field(ours[at], 'msgstr') && field(block, 'msgstr')) {
    ours[at] = block;
  }
}
writeFileSync(oursPath, `${ours.join('\n\n')}\n`);
