import type { I18n, MessageDescriptor } from '@lingui/core';
import { get, set, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import type { core, z } from 'zod';
import { issueMessage, type FieldMessages } from './form-messages';

type Issue = core.$ZodIssue;

/**
 * A domain validator of `libs/domain` (value → message or nothing) as a zod refinement:
 * `zNamespaceName.superRefine(domainRule(validateSomething))`. Its message wins over a generated
 * pattern's generic one on the same field. On an object, `path` names the member it is about:
 * `.superRefine(domainRule((v) => validateRunnerGroups(v.mode, v.groups), { path: ['groups'] }))`.
 */
export function domainRule<T>(
  validate: (value: T) => MessageDescriptor | undefined,
  options: { path?: PropertyKey[] } = {},
) {
  return (value: T, ctx: z.RefinementCtx<T>) => {
    const message = validate(value);
    if (message) {
      ctx.addIssue({
        code: 'custom',
        message: message.message ?? message.id,
        params: { message },
        // A copy each time: zod prefixes the issue's path in place with where the value sits.
        path: options.path ? [...options.path] : undefined,
      });
    }
  };
}

// A generated format or pattern says only "not valid"; a domain rule on the same field says why.
const rank = (issue: Issue) => (issue.code === 'invalid_format' ? 1 : 0);

/**
 * react-hook-form's resolver for a zod schema: one error per field (the first problem, a domain
 * rule before a generic format or pattern), translated now with `i18n` through the one issue → message map
 * (form-messages.ts); `messages` words some fields differently. Valid values come back parsed
 * (trimmed, defaults filled) and are what `handleSubmit` passes on.
 */
export function contractResolver<Schema extends z.ZodType<unknown, FieldValues>>(
  schema: Schema,
  i18n: I18n,
  messages: FieldMessages = {},
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data as z.output<Schema>, errors: {} };
    const chosen = new Map<string, Issue>();
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      const current = chosen.get(path);
      if (!current || rank(issue) < rank(current)) chosen.set(path, issue);
    }
    const errors: FieldErrors = {};
    for (const [path, issue] of chosen) {
      // A problem of the whole form (an object-level rule without a path) goes to `root`.
      const name = path === '' ? 'root' : path;
      const descriptor = issueMessage(issue, messages[name]);
      const field = get(options.fields, name) as { _f?: { ref?: unknown } } | undefined;
      set(errors, name, { type: issue.code, message: i18n._(descriptor), ref: field?._f?.ref });
    }
    return { values: {}, errors: errors as FieldErrors<z.input<Schema>> };
  };
}

/**
 * Checks a form value that the form edits in another shape than the wire (a list of names for a
 * list of `{ name }` objects) against the contract's schema of the wire value; its problems are
 * reported on the form field itself: `.superRefine(wireRule(zCustomRoleInput.shape.permissions, (names) => names.map((name) => ({ name }))))`.
 */
export function wireRule<T>(schema: z.ZodType, toWire: (value: T) => unknown) {
  return (value: T, ctx: z.RefinementCtx<T>) => {
    for (const issue of schema.safeParse(toWire(value)).error?.issues ?? []) {
      ctx.addIssue({ ...issue, path: [] } as Parameters<typeof ctx.addIssue>[0]);
    }
  };
}
