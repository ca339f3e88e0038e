#!/usr/bin/env node
// Adds up the JSON results every test runner wrote under tmp/test-results (Vitest and
// Playwright) and prints CI's closing line: 'N passed, N failed', after the failed tests' names and
// messages (CI shows only the end of the output).
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const dir = join(import.meta.dirname, '../../tmp/test-results');
let passed = 0;
let failed = 0;
let skipped = 0;
const rows = [];
/** The failed tests' names and first lines of their messages, printed last so CI's tail shows them. */
const failures = [];
const firstLines = (text) => stripVTControlCharacters(String(text ?? '')).split('\n').slice(0, 6).join('\n      ');

function countPlaywright(suite, acc) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'skipped') acc.skipped++;
      else if (test.status === 'expected' || test.status === 'flaky') acc.passed++;
      else {
        acc.failed++;
        const error = test.results?.at(-1)?.error?.message;
        acc.failures.push(`${spec.file ?? ''} > ${spec.title}\n      ${firstLines(error)}`);
      }
    }
  }
  for (const child of suite.suites ?? []) countPlaywright(child, acc);
}

for (const file of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : []) {
  const data = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const acc = { passed: 0, failed: 0, skipped: 0, failures: [] };
  if ('numPassedTests' in data) {
    acc.passed = data.numPassedTests;
    acc.skipped = (data.numPendingTests ?? 0) + (data.numTodoTests ?? 0);
    // A suite that fails to load has no failed test but must still count as a failure.
    const brokenSuites = (data.testResults ?? []).filter(
      (r) => r.status === 'failed' && (r.assertionResults ?? []).length === 0,
    ).length;
    acc.failed = data.numFailedTests + brokenSuites;
    for (const result of data.testResults ?? []) {
      if (result.status === 'failed' && (result.assertionResults ?? []).length === 0) acc.failures.push(`${result.name}\n      ${firstLines(result.message)}`);
      for (const test of result.assertionResults ?? []) {
        if (test.status === 'failed') acc.failures.push(`${result.name} > ${test.fullName}\n      ${firstLines(test.failureMessages?.[0])}`);
      }
    }
  } else if (data.suites) {
    for (const suite of data.suites) countPlaywright(suite, acc);
  }
  for (const failure of acc.failures) failures.push(`${file.replace(/\.json$/, '')}: ${failure}`);
  rows.push(`${file.replace(/\.json$/, '').padEnd(28)} ${acc.passed} passed, ${acc.failed} failed`);
  passed += acc.passed;
  failed += acc.failed;
  skipped += acc.skipped;
}

console.log(rows.join('\n'));
if (failures.length) console.log(`Failed (${failures.length}):\n${failures.slice(0, 20).map((f) => `  ${f}`).join('\n')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
