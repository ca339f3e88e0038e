import { describe, expect, it } from 'vitest';
import {
  canSendChatMessage,
  validateArnPrefix,
  validateEmail,
  validateJson,
  validateNegativeFeedback,
  validateOrganizationChoice,
} from './input-validators';
import { renderMessage, type Message } from './message';

const text = (m: Message | undefined) => m && renderMessage(m);

describe('validateArnPrefix', () => {
  const MESSAGE = 'ARN must start with arn:aws:';
  it.each<[string, string | undefined]>([
    ['arn:aws:iam::123456789012:role/cm', undefined],
    ['  arn:aws:iam::123456789012:role/cm  ', undefined],
    ['ARN:AWS:iam::1:role/x', undefined],
    ['arn:test:iam::1:role/x', undefined],
    ['Arn:Test:anything', undefined],
    ['arn:aws-cn:iam::1:role/x', MESSAGE],
    ['aws:iam::1', MESSAGE],
    ['', MESSAGE],
  ])('%j → %s', (arn, expected) => {
    expect(text(validateArnPrefix(arn))).toBe(expected);
  });
});

describe('validateJson', () => {
  it.each<[string, string | undefined]>([
    ['{"a": 1}', undefined],
    ['[1, 2]', undefined],
    ['"text"', undefined],
    ['null', undefined],
    ['{a: 1}', 'Please enter valid JSON'],
    ['{"a": 1,}', 'Please enter valid JSON'],
    ['', 'Please enter valid JSON'],
  ])('%j → %s', (input, expected) => {
    expect(text(validateJson(input))).toBe(expected);
  });
});

describe('validateEmail', () => {
  const MESSAGE = 'Please enter a valid email address';
  it.each<[string, string | undefined]>([
    ['ada@example.com', undefined],
    ['first.last+tag@sub.example.co.uk', undefined],
    [' ada@example.com ', undefined],
    ['ada@example', MESSAGE],
    ['ada.example.com', MESSAGE],
    ['ada@@example.com', MESSAGE],
    ['ada @example.com', MESSAGE],
    ['ada@example..com', MESSAGE],
    ['@example.com', MESSAGE],
    ['', MESSAGE],
  ])('%j → %s', (email, expected) => {
    expect(text(validateEmail(email))).toBe(expected);
  });
});

describe('validateOrganizationChoice', () => {
  it.each<[string | null | undefined, string | undefined]>([
    ['o-123', undefined],
    ['', 'Please choose organization'],
    [null, 'Please choose organization'],
    [undefined, 'Please choose organization'],
  ])('%j → %s', (id, expected) => {
    expect(text(validateOrganizationChoice(id))).toBe(expected);
  });
});

describe('canSendChatMessage', () => {
  it.each<[string, boolean, boolean]>([
    ['hello', false, true],
    ['  hi  ', false, true],
    ['', false, false],
    ['   ', false, false],
    ['\n\t', false, false],
    ['hello', true, false],
  ])('%j loading %s → %s', (message, loading, expected) => {
    expect(canSendChatMessage(message, loading)).toBe(expected);
  });
});

describe('validateNegativeFeedback', () => {
  it.each<[{ reason?: string | null; text?: string | null }, string[]]>([
    [{ reason: 'inaccurate' }, []],
    [{ reason: 'inaccurate', text: 'x'.repeat(1000) }, []],
    [
      { reason: 'inaccurate', text: 'x'.repeat(1001) },
      ['Feedback must be at most 1000 characters'],
    ],
    [{ text: 'too slow' }, ['Please choose a reason']],
    [
      { reason: '', text: 'x'.repeat(1001) },
      ['Please choose a reason', 'Feedback must be at most 1000 characters'],
    ],
    [{ reason: null, text: null }, ['Please choose a reason']],
  ])('%o → %j', (feedback, expected) => {
    expect(validateNegativeFeedback(feedback).map(renderMessage)).toEqual(expected);
  });
});
