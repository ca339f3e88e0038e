import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractFromFileWithBabel } from '@lingui/cli/api/extractors/babel';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import * as domain from '../index';
import { renderMessage, type Message } from './message';

function isMessage(value: unknown): value is Message {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Message).id === 'string' &&
    typeof (value as Message).message === 'string'
  );
}

/** Every descriptor the library exports: single ones, catalogues ({ key: Message }) and lists of { label }. */
function collectMessages(): Message[] {
  const found: Message[] = [];
  for (const value of Object.values(domain)) {
    if (isMessage(value)) found.push(value);
    else if (Array.isArray(value)) {
      for (const item of value as unknown[])
        if (isMessage((item as { label?: unknown } | null)?.label))
          found.push((item as { label: Message }).label);
    } else if (typeof value === 'object' && value !== null) {
      for (const inner of Object.values(value)) if (isMessage(inner)) found.push(inner);
    }
  }
  return found;
}

const messages = collectMessages();

describe('message catalogue', () => {
  it('finds the descriptors and their ids are unique', () => {
    expect(messages.length).toBeGreaterThan(80);
    const ids = messages.map((m) => m.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  // The console renders through Lingui, the server through renderMessage: both must print the same.
  it.each(messages.map((m) => [m.id, m] as const))(
    '%s renders the same in Lingui and renderMessage',
    (_id, m) => {
      const compiled = compileMessage(m.message);
      // Placeholder names as Lingui parsed them; each gets a distinct value so a swap would show.
      const names = (Array.isArray(compiled) ? compiled : []).flatMap((part) =>
        Array.isArray(part) ? [String(part[0])] : [],
      );
      const values = Object.fromEntries(names.map((name) => [name, `<${name}>`]));
      const i18n = setupI18n({ locale: 'en', messages: { en: { [m.id]: compiled } } });
      expect(renderMessage({ ...m, values })).toBe(i18n._(m.id, values));
    },
  );

  // What `lingui extract` would collect from the sources must be exactly what the library exports:
  // a descriptor without the /*i18n*/ marker would never reach the translators.
  it('is found in full by the Lingui extractor', async () => {
    const dir = import.meta.dirname;
    const extracted = new Map<string, string | undefined>();
    for (const file of readdirSync(dir).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    )) {
      const path = join(dir, file);
      await extractFromFileWithBabel(
        path,
        readFileSync(path, 'utf8'),
        (found) => extracted.set(found.id, found.message),
        {
          linguiConfig: {
            macro: { corePackage: ['@lingui/core/macro'], jsxPackage: ['@lingui/react/macro'] },
          },
        } as unknown as Parameters<typeof extractFromFileWithBabel>[3],
        { plugins: ['typescript'] },
      );
    }
    expect(new Map(messages.map((m) => [m.id, m.message]))).toEqual(extracted);
  });
});
