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

// Page tests wait on lazy routes, the real client, MSW and React Query; on a loaded two-core CI
// machine the default 1 s for findBy* is too tight, and a wait that ends early only makes a flake.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
