#!/usr/bin/env node
// Adds up the JSON results every test runner wrote under tmp/test-results (Vitest and
// Playwright) and prints CI's closing line: 'N passed, N failed'.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, '../../tmp/test-results');
let passed = 0;
let failed = 0;
let skipped = 0;
const rows = [];

function countPlaywright(suite, acc) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'skipped') acc.skipped++;
      else if (test.status === 'expected' || test.status === 'flaky') acc.passed++;
      else acc.failed++;
    }
  }
  for (const child of suite.suites ?? []) countPlaywright(child, acc);
}

for (const file of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : []) {
  const data = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const acc = { passed: 0, failed: 0, skipped: 0 };
  if ('numPassedTests' in data) {
    acc.passed = data.numPassedTests;
    acc.skipped = (data.numPendingTests ?? 0) + (data.numTodoTests ?? 0);
    // A suite that fails to load has no failed test but must still count as a failure.
    const brokenSuites = (data.testResults ?? []).filter(
      (r) => r.status === 'failed' && (r.assertionResults ?? []).length === 0,
    ).length;
    acc.failed = data.numFailedTests + brokenSuites;
  } else if (data.suites) {
    for (const suite of data.suites) countPlaywright(suite, acc);
  }
  rows.push(`${file.replace(/\.json$/, '').padEnd(28)} ${acc.passed} passed, ${acc.failed} failed`);
  passed += acc.passed;
  failed += acc.failed;
  skipped += acc.skipped;
}

console.log(rows.join('\n'));
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
