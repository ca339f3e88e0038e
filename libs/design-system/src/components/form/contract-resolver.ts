import type { I18n, MessageDescriptor } from '@lingui/core';
// zod's functional build (`zod/mini`): the console's schemas are built with it so that a form page
// bundles only the parts of zod it calls (see tools/openapi/generate-schemas.mjs).
import { z, type core } from 'zod/mini';
import { setPath } from '../../lib/form-engine/paths';
import type { FieldErrors, FieldValues, Resolver } from '../../lib/form-engine/types';
import { issueMessage, type FieldMessages } from './form-messages';

type Issue = core.$ZodIssue;

/** The schema inside `.optional()` and `.nullable()` layers: a wire member's own rules. */
export type Unwrapped<S> =
  S extends core.$ZodOptional<infer Inner>
    ? Unwrapped<Inner>
    : S extends core.$ZodNullable<infer Inner>
      ? Unwrapped<Inner>
      : S;

/**
 * A contract member's schema without its optional and nullable layers, for a form field that
 * always holds a value: `unwrapOptional(zNamespaceCreateInput.shape.description)`.
 */
export function unwrapOptional<S extends core.$ZodType>(schema: S): Unwrapped<S> {
  let inner: core.$ZodType = schema;
  while (inner._zod.def.type === 'optional' || inner._zod.def.type === 'nullable') {
    inner = (inner as core.$ZodOptional)._zod.def.innerType;
  }
  return inner as Unwrapped<S>;
}

/**
 * The length limits a contract schema checks (a text's or a list's minLength and maxLength), for a
 * help text that states them: `lengthLimits(zPassword)` → `{ minimum: 8, maximum: 128 }`.
 */
export function lengthLimits(schema: core.$ZodType): { minimum?: number; maximum?: number } {
  const limits: { minimum?: number; maximum?: number } = {};
  for (const check of schema._zod.def.checks ?? []) {
    const def = check._zod.def;
    if (def.check === 'min_length') {
      const { minimum } = def as core.$ZodCheckMinLengthDef;
      limits.minimum = Math.max(limits.minimum ?? 0, minimum);
    } else if (def.check === 'max_length') {
      const { maximum } = def as core.$ZodCheckMaxLengthDef;
      limits.maximum = Math.min(limits.maximum ?? Number.POSITIVE_INFINITY, maximum);
    }
  }
  return limits;
}

/**
 * A text field's value trimmed, then checked by `schema` (a contract member's rules) when given:
 * `trimmed(wire.name)`.
 */
export function trimmed(): z.ZodMiniString<string>;
export function trimmed<S extends core.$ZodType<unknown, string>>(schema: S): z.ZodMiniPipe<z.ZodMiniString<string>, S>;
export function trimmed(schema?: core.$ZodType<unknown, string>) {
  const text = z.string().check(z.trim());
  return schema ? z.pipe(text, schema) : text;
}

/**
 * A domain validator of `libs/domain` (value → message or nothing) as a zod check:
 * `zNamespaceName.check(domainRule(validateSomething))`. Its message wins over a generated
 * pattern's generic one on the same field. On an object, `path` names the member it is about:
 * `.check(domainRule((v) => validateRunnerGroups(v.mode, v.groups), { path: ['groups'] }))`.
 */
export function domainRule<T>(
  validate: (value: T) => MessageDescriptor | undefined,
  options: { path?: PropertyKey[] } = {},
): core.$ZodCheck<T> {
  return z.superRefine((value: T, ctx) => {
    const message = validate(value);
    if (message) addDomainIssue(ctx, message, options.path);
  });
}

/**
 * Reports a domain message as domainRule does, from a check that finds several problems at once:
 * `z.superRefine((values, ctx) => { ... addDomainIssue(ctx, message, ['parameters', index, 'key']) })`.
 */
export function addDomainIssue<T>(ctx: core.$RefinementCtx<T>, message: MessageDescriptor, path?: PropertyKey[]) {
  ctx.addIssue({
    code: 'custom',
    message: message.message ?? message.id,
    params: { message },
    // A copy each time: zod prefixes the issue's path in place with where the value sits.
    path: path ? [...path] : undefined,
  });
}

// A generated format or pattern says only "not valid"; a domain rule on the same field says why.
const rank = (issue: Issue) => (issue.code === 'invalid_format' ? 1 : 0);

/**
 * The form's resolver for a zod schema: one error per field (the first problem, a domain
 * rule before a generic format or pattern), translated now with `i18n` through the one issue → message map
 * (form-messages.ts); `messages` words some fields differently. Valid values come back parsed
 * (trimmed, defaults filled) and are what `handleSubmit` passes on.
 */
export function contractResolver<Schema extends core.$ZodType<unknown, FieldValues>>(
  schema: Schema,
  i18n: I18n,
  messages: FieldMessages = {},
): Resolver<z.input<Schema>, z.output<Schema>> {
  return async (values) => {
    const result = await z.safeParseAsync(schema, values);
    if (result.success) return { values: result.data as z.output<Schema>, errors: {} };
    const chosen = new Map<string, Issue>();
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      const current = chosen.get(path);
      if (!current || rank(issue) < rank(current)) chosen.set(path, issue);
    }
    let errors: FieldErrors<z.input<Schema>> = {};
    for (const [path, issue] of chosen) {
      // A problem of the whole form (an object-level rule without a path) goes to `root`.
      const name = path === '' ? 'root' : path;
      const descriptor = issueMessage(issue, messages[name]);
      errors = setPath(errors, name, { type: issue.code, message: i18n._(descriptor) });
    }
    return { values: {}, errors };
  };
}

/**
 * Checks a form value that the form edits in another shape than the wire (a list of names for a
 * list of `{ name }` objects) against the contract's schema of the wire value; its problems are
 * reported on the form field itself: `.check(wireRule(zCustomRoleInput.shape.permissions, (names) => names.map((name) => ({ name }))))`.
 */
export function wireRule<T>(schema: core.$ZodType, toWire: (value: T) => unknown): core.$ZodCheck<T> {
  return z.superRefine((value: T, ctx) => {
    for (const issue of z.safeParse(schema, toWire(value)).error?.issues ?? []) {
      ctx.addIssue({ ...issue, path: [] } as Parameters<typeof ctx.addIssue>[0]);
    }
  });
}
