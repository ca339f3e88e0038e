#!/usr/bin/env node
// Lighthouse (mobile: its default simulated slow 4G and 4× CPU slowdown) on the sign-in page and
// on the namespaces page signed in, against the built server (tools/bench/lib/console-server.mjs:
// `npm start`'s entry on an embedded PostgreSQL; the session comes from the API's sign-in).
// Each page is measured --runs times (default 3), every run in a fresh Chromium with an empty
// cache; prints each run and the median of the performance score, LCP, FCP, TBT and the bytes
// transferred. Prints figures only; asserts nothing.
//
//   node tools/bench/lighthouse.mjs [--runs=3] [--save=DIR] [--cpu-slowdown=4] [--path=/auth/login]
//
// --path measures that one of the two pages only.
//
// --save writes each run's full report (JSON) to DIR, to see what a score is made of.
// Lighthouse multiplies the CPU time it observes by --cpu-slowdown (its default, 4, stands for a
// mid-range phone on a fast desktop): on a loaded machine the observed time is already inflated,
// so each run prints Lighthouse's benchmark index of this machine (a quiet 2-core developer box
// scores well above 1,000; under load it drops) to judge the figures by.
//
// Build first: `npx nx run console:build`. Chromium: Debian's /usr/bin/chromium (or CHROME_PATH).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { throttling } from 'lighthouse/core/config/constants.js';
import { chromiumFlags, chromiumPath, startConsoleServer, storedSessionScript } from './lib/console-server.mjs';

const saveDir = process.argv.find((a) => a.startsWith('--save='))?.split('=')[1];
const cpuSlowdown = Number(process.argv.find((a) => a.startsWith('--cpu-slowdown='))?.split('=')[1] ?? 4);
const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 3);
const onlyPath = process.argv.find((a) => a.startsWith('--path='))?.split('=')[1];
const pages = [
  { name: 'sign-in', path: '/auth/login', signedIn: false },
  { name: 'namespaces (signed in)', path: '/app/namespaces', signedIn: true },
].filter((page) => !onlyPath || page.path === onlyPath);

const defaultMobileThrottling = throttling.mobileSlow4G;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function measure(base, page, session, savePath) {
  const userDataDir = await mkdtemp(join(tmpdir(), 'terrace-lighthouse-'));
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: chromiumFlags, userDataDir });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const tab = await browser.newPage();
    if (page.signedIn) {
      // Sign-in stores the session in localStorage; a same-origin document that is not the
      // console holds it, so no console file is cached before the measured load.
      await tab.goto(`${base}/.well-known/terraform.json`);
      await tab.evaluate(storedSessionScript(session));
    }
    const result = await lighthouse(
      `${base}${page.path}`,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // Keeps the stored session; the cache is empty anyway (a new profile per run).
        disableStorageReset: page.signedIn,
        throttling: { ...defaultMobileThrottling, cpuSlowdownMultiplier: cpuSlowdown },
      },
      undefined,
      tab,
    );
    const lhr = result.lhr;
    if (savePath) {
      await mkdir(join(savePath, '..'), { recursive: true });
      await writeFile(savePath, JSON.stringify(lhr));
    }
    await browser.disconnect();
    // A trace Lighthouse could not read (NO_NAVSTART and the like) is not a measurement.
    if (lhr.runtimeError) return { error: lhr.runtimeError.code };
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    if (finalPath !== page.path) throw new Error(`${page.path} ended on ${finalPath}`);
    const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp: audit('largest-contentful-paint'),
      fcp: audit('first-contentful-paint'),
      tbt: audit('total-blocking-time'),
      bytes: audit('total-byte-weight'),
      requests: lhr.audits['network-requests']?.details?.items?.length ?? 0,
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    };
  } finally {
    await chrome.kill();
    await rm(userDataDir, { recursive: true, force: true });
  }
}

const format = (r) =>
  `score ${String(r.score).padStart(3)}  LCP ${(r.lcp / 1000).toFixed(2)} s  FCP ${(r.fcp / 1000).toFixed(2)} s  TBT ${Math.round(r.tbt)} ms  ${(r.bytes / 1024).toFixed(0)} KiB in ${r.requests} requests  (benchmark index ${r.benchmarkIndex})`;

const server = await startConsoleServer();
try {
  console.log(
    `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile (slow 4G, CPU ×${cpuSlowdown}), median of ${runs}`,
  );
  for (const page of pages) {
    const results = [];
    for (let i = 0, attempts = 0; i < runs; attempts++) {
      if (attempts >= runs * 2) throw new Error(`${page.path}: too many runs Lighthouse could not read`);
      const r = await measure(server.base, page, server.session, saveDir && join(saveDir, `${page.path.replace(/\W+/g, '-').slice(1)}-${i + 1}.json`));
      if (r.error) {
        console.log(`  ${page.name.padEnd(24)} run ${i + 1}: Lighthouse could not read the trace (${r.error}); again`);
        continue;
      }
      results.push(r);
      console.log(`  ${page.name.padEnd(24)} run ${i + 1}: ${format(r)}`);
      i++;
    }
    const m = Object.fromEntries(Object.keys(results[0]).map((k) => [k, median(results.map((r) => r[k]))]));
    console.log(`  ${page.name.padEnd(24)} median: ${format(m)}`);
  }
} finally {
  await server.stop();
}
