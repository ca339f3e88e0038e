import '@testing-library/jest-dom/vitest';
import { activateLocale } from '@terrace/i18n';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// jsdom lacks a few browser APIs Radix calls. These are environment shims, not stand-ins for our
// code: they give the answers a real browser gives for a 0-size layout.
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

beforeAll(async () => {
  await activateLocale('en');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
