import { activateLocale } from '@terrace/i18n';
import { readLocalSettings } from '@terrace/session';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { readConsoleConfig } from './console-config';
import { createConsole } from './create-console';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks the #root element');
const { router, element } = createConsole(readConsoleConfig());

/** Resolves once the router has loaded the first route's lazy modules. */
const routerReady = new Promise<void>((resolve) => {
  if (router.state.initialized) return resolve();
  const stop = router.subscribe((state) => {
    if (state.initialized) {
      stop();
      resolve();
    }
  });
});

// What the page's HTML painted (a sign-in page prerendered at build time, or the loader) stays
// until React can draw the route itself: its chunks and the language's catalog loaded. Its first
// commit then replaces that markup with the same page, not with an intermediate loader (a flash,
// and work on the main thread for nothing).
void Promise.all([routerReady, activateLocale(readLocalSettings().locale)]).finally(() => {
  // A transition lets React yield to the browser while it renders the first page, instead of one
  // long task that blocks input (Lighthouse's Total Blocking Time).
  startTransition(() => {
    createRoot(root).render(element);
  });
});
