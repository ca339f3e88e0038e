#!/usr/bin/env node
// Log viewer figures in Debian's Chromium: 100,000 lines of a coloured plan log (styles carried
// across lines, 256-colour and true colour), then appends as a streaming run would send them.
// Prints figures only; asserts nothing (the tests assert behaviour, never time).
//
//   node tools/bench/log-viewer-bench.mjs [--lines=100000] [--appends=200] [--batch=1] [--runs=3]
//
// Figures per run: first render (React commit), first frame (painted), carried styles done (the
// background pass finished), the longest frame during that pass, and the cost of one append up to
// the next frame (mean, p95, max). The median of the runs is printed last.
import { chromium } from 'playwright';
import { createServer } from 'vite';

const option = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const lines = option('lines', 100_000);
const appends = option('appends', 200);
const batch = option('batch', 1);
const runs = option('runs', 3);
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const server = await createServer({ configFile: `${import.meta.dirname}/log-viewer/bench-vite-config.ts`, server: { port: 0, host: '127.0.0.1' } });
await server.listen();
const url = server.resolvedUrls?.local[0];
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const ms = (v) => `${v.toFixed(1)} ms`;
const results = [];
try {
  for (let run = 1; run <= runs; run++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(url);
    await page.waitForFunction(() => 'bench' in window);
    await page.evaluate(() => window.bench.ready);
    const mount = await page.evaluate((n) => window.bench.mount(n), lines);
    const append = await page.evaluate(([t, b]) => window.bench.append(t, b), [appends, batch]);
    results.push({ ...mount, ...append });
    console.log(
      `run ${run}: ${lines.toLocaleString('en')} lines: first render ${ms(mount.firstRenderMs)}, first frame ${ms(mount.firstFrameMs)}, ` +
        `carried styles done ${ms(mount.stylesDoneMs)} (longest frame ${ms(mount.longestFrameMs)}); ` +
        `${appends} appends of ${batch} line(s): mean ${ms(append.meanMs)} (React commit ${ms(append.commitMeanMs)}), p95 ${ms(append.p95Ms)}, max ${ms(append.maxMs)} per append`,
    );
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
const median = (key) => {
  const values = results.map((r) => r[key]).sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)];
};
console.log(
  `median of ${runs}: first frame ${ms(median('firstFrameMs'))}, carried styles done ${ms(median('stylesDoneMs'))}, ` +
    `longest frame ${ms(median('longestFrameMs'))}, append mean ${ms(median('meanMs'))}, append p95 ${ms(median('p95Ms'))}`,
);
