// Project set-up after tools/vitest/component-setup.ts: messages render in English.
import { activateLocale } from '@terrace/i18n';
import { beforeAll } from 'vitest';

beforeAll(async () => {
  await activateLocale('en');
});
