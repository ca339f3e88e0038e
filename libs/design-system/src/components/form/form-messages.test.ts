import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { formMessages, isEmptyIssue, issueMessage } from './form-messages';

// A number typed as text, as forms hold it, checked against a contract's integer range.
const limit = z.object({
  value: z.pipe(z.pipe(z.string().check(z.trim(), z.minLength(1)), z.transform(Number)), z.int().check(z.gte(1), z.lte(10))),
});
const issueOf = (value: unknown) => {
  const issue = limit.safeParse(value).error?.issues[0];
  if (!issue) throw new Error(`${JSON.stringify(value)} was accepted`);
  return issue;
};
const required = { id: 'test.required', message: 'Enter the limit.' };

describe('issueMessage for numbers typed as text', () => {
  it('says what is wrong with a value that was entered, never that it is missing', () => {
    expect(isEmptyIssue(issueOf({ value: '2.5' }))).toBe(false);
    expect(issueMessage(issueOf({ value: '2.5' }), { required })).toEqual(formMessages.notInteger);
    expect(isEmptyIssue(issueOf({ value: 'abc' }))).toBe(false);
    expect(issueMessage(issueOf({ value: 'abc' }), { required })).toEqual(formMessages.notNumber);
    expect(issueMessage(issueOf({ value: '11' }), { required })).toMatchObject({ id: formMessages.numberTooBig.id, values: { maximum: 10 } });
  });

  it("gives the field's own wording when nothing was entered", () => {
    expect(issueMessage(issueOf({ value: ' ' }), { required })).toEqual(required);
    expect(issueMessage(issueOf({}), { required })).toEqual(required);
  });
});
