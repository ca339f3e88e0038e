import { LogViewer, ThemeProvider } from '@terrace/design-system';
import { I18nProvider, activateLocale, i18n } from '@terrace/i18n';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';

const ESC = '\u001b';

/** A plan-like log: coloured headers carried over several lines, 256-colour and true-colour runs. */
function logLine(i: number): string {
  if (i % 50 === 0) return `${ESC}[1;32m# module.vpc[${i}] will be created`;
  if (i % 50 === 7) return `  ~ tags = { "Name" = "svc-${i}" }${ESC}[0m`;
  if (i % 13 === 0) return `${ESC}[38;5;${16 + (i % 216)}m  + resource "aws_instance" "web_${i}" {${ESC}[0m`;
  if (i % 17 === 0) return `${ESC}[38;2;${i % 256};128;255m      ami = "ami-${i.toString(16)}"${ESC}[0m`;
  return `      instance_type = "t3.micro"  # line ${i + 1}`;
}

let setLines: (lines: string[]) => void = () => undefined;
function Bench() {
  const [lines, set] = useState<string[]>([]);
  setLines = set;
  return <LogViewer label="Bench output" lines={lines} height={600} />;
}

const frame = () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now())));

declare global {
  interface Window {
    bench: {
      ready: Promise<void>;
      mount(count: number): Promise<{ firstRenderMs: number; firstFrameMs: number; stylesDoneMs: number; longestFrameMs: number }>;
      append(times: number, batch: number): Promise<{ meanMs: number; p95Ms: number; maxMs: number; commitMeanMs: number; lines: number }>;
    };
  }
}

let current: string[] = [];
window.bench = {
  ready: activateLocale('en').then(() => {
    createRoot(document.getElementById('root') as HTMLElement).render(
      <I18nProvider i18n={i18n}>
        <ThemeProvider theme="dark" direction="ltr">
          <Bench />
        </ThemeProvider>
      </I18nProvider>,
    );
  }),
  async mount(count) {
    current = Array.from({ length: count }, (_, i) => logLine(i));
    await frame();
    const start = performance.now();
    flushSync(() => setLines(current));
    const firstRenderMs = performance.now() - start;
    const firstFrameMs = (await frame()) - start;
    // The background pass of carried styles: frames until no line waits for its style.
    let longestFrameMs = 0;
    let previous = performance.now();
    while (document.querySelector('[data-pending]') || document.querySelectorAll('[data-index]').length === 0) {
      const now = await frame();
      longestFrameMs = Math.max(longestFrameMs, now - previous);
      previous = now;
    }
    return { firstRenderMs, firstFrameMs, stylesDoneMs: performance.now() - start, longestFrameMs };
  },
  async append(times, batch) {
    const costs: number[] = [];
    let commits = 0;
    for (let n = 0; n < times; n++) {
      current = [...current, ...Array.from({ length: batch }, (_, i) => logLine(current.length + i))];
      const start = performance.now();
      flushSync(() => setLines(current));
      commits += performance.now() - start;
      costs.push((await frame()) - start);
    }
    costs.sort((a, b) => a - b);
    return {
      meanMs: costs.reduce((a, b) => a + b, 0) / costs.length,
      p95Ms: costs[Math.floor(costs.length * 0.95)] ?? 0,
      maxMs: costs.at(-1) ?? 0,
      commitMeanMs: commits / times,
      lines: current.length,
    };
  },
};
