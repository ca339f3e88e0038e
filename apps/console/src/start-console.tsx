import { activateLocale } from '@terrace/i18n';
import { readLocalSettings } from '@terrace/session';
import { preloadConsoleRoutes } from '@terrace/shell';
import { startTransition } from 'react';
import type { createRoot } from 'react-dom/client';
import { readConsoleConfig } from './console-config';
import { createConsole } from './create-console';

/**
 * Composes the console and renders it into `root`. What the page's HTML painted (a page
 * prerendered at build time, or the loader) stays until React can draw the route itself: its
 * chunks and the language's catalog loaded. Its first commit then replaces that markup with the
 * same page, not with an intermediate loader (a flash, and work on the main thread for nothing).
 * A route that fails to load shows its error page then (its error boundary).
 */
export async function startConsole(root: HTMLElement, render: typeof createRoot): Promise<void> {
  const { pages, element } = createConsole(readConsoleConfig());
  await Promise.all([
    preloadConsoleRoutes(window.location, pages),
    activateLocale(readLocalSettings().locale),
  ]).catch(() => undefined);
  // A transition lets React yield to the browser while it renders the first page, instead of one
  // long task that blocks input (Lighthouse's Total Blocking Time).
  startTransition(() => {
    render(root).render(element);
  });
}
