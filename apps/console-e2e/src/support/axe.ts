import { expect, type Page } from 'playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// Evaluated through the DevTools protocol rather than a <script> tag: the console's Content
// Security Policy rightly refuses inline scripts, and the test must not weaken it.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core (WCAG 2 A and AA) in the page and fails with the list of violations. It first
 * waits for running finite animations and transitions (a toast fading in) to end: colour contrast
 * measured halfway through a fade is not what the user reads.
 */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const settled = () =>
    page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    );
  // A toast raised by a request that just failed mounts once sonner's code has come (it loads
  // with the first toast): let the network go quiet first (bounded: a page may hold a stream).
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  // Twice, a moment apart: a toast mounts first and starts its fade a frame later (sonner flips
  // data-mounted after mounting), so one quiet instant is not yet a settled page.
  await settled();
  await page.waitForTimeout(250);
  await settled();
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations;
  });
  const summary = (violations as AxeViolation[]).map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `axe violations on ${where}`).toEqual([]);
}
