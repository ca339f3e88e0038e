// Shared set-up for component tests in jsdom: jest-dom matchers, a clean DOM after each test, and
// the few browser APIs jsdom lacks that Radix and the virtualizer call. These are environment
// shims, not stand-ins for our code: they answer as a real browser does for a zero-size layout.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

const nothing = () => undefined;
class ResizeObserverShim {
  observe = nothing;
  unobserve = nothing;
  disconnect = nothing;
}
globalThis.ResizeObserver ??= ResizeObserverShim as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= nothing;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= nothing;
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: nothing,
    removeEventListener: nothing,
    addListener: nothing,
    removeListener: nothing,
    dispatchEvent: () => false,
  }) as MediaQueryList;

// Page tests wait on lazy routes, dialogs and schemas (each a module Vite transforms on first
// import), the real client, MSW and React Query; on a loaded two-core machine the default 1 s for
// findBy* is too tight, and 5 s was seen to run out (load average 11) on a dialog's first import.
// A wait that ends early only makes a flake; a wait that finds nothing still fails.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});
