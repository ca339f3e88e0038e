import { describe, expect, it } from 'vitest';
import { renderMessage, type Message } from './message';

describe('renderMessage', () => {
  it.each<[string, Message, string]>([
    ['plain text', { id: 'a', message: 'Select operator' }, 'Select operator'],
    ['one value', { id: 'a', message: 'and {count} more', values: { count: 4 } }, 'and 4 more'],
    [
      'doubled apostrophes around a value',
      {
        id: 'a',
        message: "For operator ''{op}'' property value must be a number",
        values: { op: 'lt' },
      },
      "For operator 'lt' property value must be a number",
    ],
    [
      'lone apostrophe stays',
      { id: 'a', message: "Value can not contain the ' character" },
      "Value can not contain the ' character",
    ],
    ['quoted braces are literal', { id: 'a', message: "e.g. '{stack_name}'" }, 'e.g. {stack_name}'],
    [
      'missing value keeps the placeholder',
      { id: 'a', message: 'in {days} day(s)' },
      'in {days} day(s)',
    ],
    ['two values', { id: 'a', message: '{a} and {b}', values: { a: 1, b: 'x' } }, '1 and x'],
  ])('%s', (_name, message, expected) => {
    expect(renderMessage(message)).toBe(expected);
  });

  it('rejects an unclosed placeholder', () => {
    expect(() => renderMessage({ id: 'a', message: 'in {days' })).toThrow(SyntaxError);
  });
});
