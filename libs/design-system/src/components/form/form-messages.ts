import type { MessageDescriptor } from '@lingui/core';
import type { core } from 'zod/mini';

/**
 * The one place where a validation problem becomes a text: every zod issue kind (from the
 * schemas generated from the contract, or a domain validator) maps to a translated message with
 * its limit interpolated. Forms never write "at most 128 characters" themselves.
 */
export const formMessages = {
  required: /*i18n*/ { id: 'form.required', message: 'Enter a value.' },
  chooseOne: /*i18n*/ { id: 'form.chooseOne', message: 'Choose at least one.' },
  stringTooShort: /*i18n*/ {
    id: 'form.stringTooShort',
    message: 'Enter at least {minimum} characters.',
  },
  stringTooLong: /*i18n*/ {
    id: 'form.stringTooLong',
    message: 'Use at most {maximum} characters.',
  },
  numberTooSmall: /*i18n*/ {
    id: 'form.numberTooSmall',
    message: 'Enter a number of at least {minimum}.',
  },
  numberTooBig: /*i18n*/ {
    id: 'form.numberTooBig',
    message: 'Enter a number of at most {maximum}.',
  },
  notInteger: /*i18n*/ { id: 'form.notInteger', message: 'Enter a whole number.' },
  notNumber: /*i18n*/ { id: 'form.notNumber', message: 'Enter a number.' },
  tooFewItems: /*i18n*/ { id: 'form.tooFewItems', message: 'Choose at least {minimum}.' },
  tooManyItems: /*i18n*/ { id: 'form.tooManyItems', message: 'Choose at most {maximum}.' },
  email: /*i18n*/ {
    id: 'form.email',
    message: 'Enter a valid e-mail address, such as name@example.com.',
  },
  url: /*i18n*/ { id: 'form.url', message: 'Enter a valid URL, such as https://example.com.' },
  date: /*i18n*/ { id: 'form.date', message: 'Enter a valid date.' },
  pattern: /*i18n*/ {
    id: 'form.pattern',
    message: 'This value contains characters or a form that are not allowed here.',
  },
  oneOf: /*i18n*/ { id: 'form.oneOf', message: 'Choose one of: {values}.' },
  multipleOf: /*i18n*/ { id: 'form.multipleOf', message: 'Enter a multiple of {divisor}.' },
  uniqueItems: /*i18n*/ { id: 'form.uniqueItems', message: 'Each entry may appear only once.' },
  minProperties: /*i18n*/ { id: 'form.minProperties', message: 'Change at least one field.' },
  invalid: /*i18n*/ { id: 'form.invalid', message: 'Enter a valid value.' },
} satisfies Record<string, MessageDescriptor>;

/**
 * What a form may word differently for one field: `required` covers an empty value (a missing
 * member, a blank text, an empty list), the other keys the issue codes of zod.
 */
export type IssueKind =
  | 'required'
  | 'too_small'
  | 'too_big'
  | 'invalid_format'
  | 'invalid_value'
  | 'invalid_type'
  | 'custom';

/** Per field path (`name`, `iacConfig.terraformVersion`), messages that replace the generic ones. */
export type FieldMessages = Record<string, Partial<Record<IssueKind, MessageDescriptor>>>;

type Issue = core.$ZodIssue;

const values = (descriptor: MessageDescriptor, v: Record<string, unknown>): MessageDescriptor => ({
  ...descriptor,
  values: v,
});

/** True when the issue means "nothing was entered" rather than "something wrong was entered". */
export function isEmptyIssue(issue: Issue): boolean {
  if (issue.code === 'invalid_type') {
    // zod leaves `input` out of its issues unless asked, so a value that is there but wrong must
    // be told apart by the issue itself: a number that is not whole carries its format, a text
    // that is not a number was received as NaN.
    if ('format' in issue || (issue as { received?: unknown }).received === 'NaN') return false;
    return issue.input === undefined || issue.input === null || issue.input === '';
  }
  if (issue.code === 'too_small') {
    return (
      (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') &&
      Number(issue.minimum) === 1
    );
  }
  return false;
}

/** The message of one issue; `overrides` are the field's own wordings (see FieldMessages). */
export function issueMessage(
  issue: Issue,
  overrides?: Partial<Record<IssueKind, MessageDescriptor>>,
): MessageDescriptor {
  if (isEmptyIssue(issue) && overrides?.required) return overrides.required;
  const own = overrides?.[issue.code as IssueKind];
  if (own) return own;
  switch (issue.code) {
    case 'invalid_type':
      if (isEmptyIssue(issue)) return formMessages.required;
      return issue.expected === 'int'
        ? formMessages.notInteger
        : issue.expected === 'number'
          ? formMessages.notNumber
          : formMessages.invalid;
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string')
        return minimum === 1
          ? formMessages.required
          : values(formMessages.stringTooShort, { minimum });
      if (issue.origin === 'array' || issue.origin === 'set') {
        return minimum === 1
          ? formMessages.chooseOne
          : values(formMessages.tooFewItems, { minimum });
      }
      return values(formMessages.numberTooSmall, { minimum });
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'string') return values(formMessages.stringTooLong, { maximum });
      if (issue.origin === 'array' || issue.origin === 'set')
        return values(formMessages.tooManyItems, { maximum });
      return values(formMessages.numberTooBig, { maximum });
    }
    case 'invalid_format':
      switch (issue.format) {
        case 'email':
          return formMessages.email;
        case 'url':
          return formMessages.url;
        case 'datetime':
        case 'date':
          return formMessages.date;
        case 'regex':
          return formMessages.pattern;
        default:
          return formMessages.invalid;
      }
    case 'invalid_value':
      return values(formMessages.oneOf, { values: issue.values.map(String).join(', ') });
    case 'not_multiple_of':
      return values(formMessages.multipleOf, { divisor: Number(issue.divisor) });
    case 'custom': {
      // A domain validator's message travels in params.message; the generated checks name their kind.
      const params = (issue.params ?? {}) as { message?: MessageDescriptor; kind?: string };
      if (params.message) return params.message;
      if (params.kind === 'uniqueItems') return formMessages.uniqueItems;
      if (params.kind === 'minProperties') return formMessages.minProperties;
      return formMessages.invalid;
    }
    default:
      return formMessages.invalid;
  }
}
