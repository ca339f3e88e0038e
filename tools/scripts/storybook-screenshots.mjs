#!/usr/bin/env node
// Screenshots of stories from the built catalogue (dist/storybook), for looking at the design in
// light, dark and rtl. Usage: node tools/scripts/storybook-screenshots.mjs [story-id ...]
// Output: tmp/screenshots/<story>--<theme>-<dir>.png (git-ignored). Serves the build on a free
// port with a tiny static server and stops it at the end.
import { createReadStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright';

const root = new URL('../../dist/storybook/', import.meta.url).pathname;
const out = new URL('../../tmp/screenshots/', import.meta.url).pathname;
if (!existsSync(join(root, 'iframe.html'))) {
  console.error('dist/storybook is missing: run `npm run storybook:build` first.');
  process.exit(1);
}
mkdirSync(out, { recursive: true });

const types = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};
const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
    /^(\.\.[/\\])+/,
    '',
  );
  let file = join(root, path);
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
  if (!file.startsWith(root) || !existsSync(file)) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();

const stories =
  process.argv.slice(2).length > 0
    ? process.argv.slice(2)
    : ['foundations-tokens--matrix', 'actions-button--matrix', 'data-datatable--client-mode'];
const passes = [
  ['light', 'ltr'],
  ['dark', 'ltr'],
  ['light', 'rtl'],
  ['dark', 'rtl'],
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  for (const id of stories) {
    for (const [theme, dir] of passes) {
      await page.goto(
        `http://127.0.0.1:${port}/iframe.html?id=${id}&viewMode=story&globals=theme:${theme};direction:${dir}`,
      );
      await page.waitForSelector('#storybook-root > *', { timeout: 15_000 });
      // Let lazy chunks (charts) and fonts settle before the picture.
      await page.waitForLoadState('load');
      await page.waitForTimeout(600);
      const file = join(out, `${id}--${theme}-${dir}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
  }
} finally {
  await browser.close();
  server.close();
}
