// Project set-up after tools/vitest/component-setup.ts: messages render in English, and each
// test starts signed out with default settings.
import { activateLocale } from '@terrace/i18n';
import { afterEach, beforeAll } from 'vitest';

beforeAll(async () => {
  await activateLocale('en');
});

afterEach(() => {
  localStorage.clear();
});
