// The types of the form engine, named as react-hook-form names them so that a form reads the
// same as the library's documentation describes.

/** A form's values: an object of members (text, numbers, booleans, lists and nested objects). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as react-hook-form's: any object type (an interface has no index signature for `unknown`).
export type FieldValues = Record<string, any>;

type Leaf = null | undefined | string | number | boolean | symbol | bigint | Date | Blob;
type IsAny<T> = 0 extends 1 & T ? true : false;
// Deep enough for every form of the console; it keeps a recursive type from running away.
type Depth = [never, 0, 1, 2, 3, 4, 5, 6, 7, 8];

// One walk makes both kinds of path: every path, or (`OnlyLists`) the paths of lists.
type PathOf<T, D extends number, OnlyLists extends boolean> = [D] extends [never]
  ? never
  : IsAny<T> extends true
    ? string
    : T extends Leaf
      ? never
      : T extends readonly (infer Item)[]
        ? (OnlyLists extends true ? never : `${number}`) | `${number}.${PathOf<Item, Depth[D], OnlyLists>}`
        : {
            [K in keyof T & string]:
              | (OnlyLists extends true ? (NonNullable<T[K]> extends readonly unknown[] ? K : never) : K)
              | `${K}.${PathOf<T[K], Depth[D], OnlyLists>}`;
          }[keyof T & string];

/** Every dotted path into `V`: `name`, `approval.teams`, `parameters.${number}.key`. */
export type FieldPath<V> = PathOf<V, 9, false>;

type ValueAt<T, P extends string> = T extends unknown
  ? P extends `${infer Key}.${infer Rest}`
    ? Key extends keyof T
      ? ValueAt<T[Key], Rest>
      : T extends readonly (infer Item)[]
        ? ValueAt<Item, Rest>
        : never
    : P extends keyof T
      ? T[P]
      : T extends readonly (infer Item)[]
        ? Item
        : never
  : never;

/** The type of the value at `P` in `V`. */
export type FieldPathValue<V, P extends string> = IsAny<V> extends true ? unknown : ValueAt<V, P>;

/** The paths of `V` whose value is a list: what `useFieldArray` edits. */
export type FieldArrayPath<V> = PathOf<V, 9, true>;

/** One row of the list at `Name`. */
export type FieldArray<V, Name extends string> = NonNullable<FieldPathValue<V, Name>> extends readonly (infer Item)[] ? Item : never;

/** A row of `useFieldArray`'s `fields`: its values when the list last changed shape, and a stable key. */
export type FieldArrayWithId<V, Name extends string> = FieldArray<V, Name> & { id: string };

/** What `reset` and `defaultValues` take: any part of the values. */
export type DefaultValues<V> = V extends Leaf
  ? V
  : V extends readonly (infer Item)[]
    ? DefaultValues<Item>[]
    : { [K in keyof V]?: DefaultValues<V[K]> };

/** One field's problem: its kind (`too_big`, `server`, `required`…) and the text to show. */
export interface FieldError {
  type: string;
  message?: string;
}

/** The errors of a form, shaped like its values: an error at a field's path, lists of row errors. */
export type FieldErrors<V = FieldValues> = {
  [K in keyof V]?: NonNullable<V[K]> extends Leaf ? FieldError : FieldError & FieldErrors<NonNullable<V[K]>>;
} & { root?: FieldError };

/**
 * Validates the whole form: the parsed values when they are valid (what the submit handler
 * receives), or the errors by path.
 */
export type Resolver<V, Output = V> = (
  values: V,
) => Promise<{ values: Output; errors: Record<string, never> } | { values: Record<string, never>; errors: FieldErrors<V> }>;

/** A field's own rules, for a form without a resolver. */
export interface FieldRules<Value = unknown, V = FieldValues> {
  /** The message when the field is empty (`''`, nothing or an empty list). */
  required?: string;
  /** `true` (or nothing) when the value is fine, otherwise the message. */
  validate?: (value: Value, values: V) => string | boolean | undefined;
}

/** What a control needs to be focused when its field has an error. */
export interface Focusable {
  focus?: () => void;
}

export type ValidationMode = 'onSubmit' | 'onChange' | 'onBlur';

export interface UseFormProps<V extends FieldValues, _Context = unknown, _Output = V> {
  defaultValues?: DefaultValues<V>;
  resolver?: Resolver<V, _Output>;
  /** When a field is validated before the first submit; `onSubmit` (the default) waits for it. */
  mode?: ValidationMode;
  /** When a field is validated again after a submit; `onChange` by default. */
  reValidateMode?: ValidationMode;
}

export interface SetValueOptions {
  /** Validates the field after setting it (whatever the mode). */
  shouldValidate?: boolean;
  /** Accepted for react-hook-form's signature: `isDirty` always compares with the defaults. */
  shouldDirty?: boolean;
}

export interface FormState<V> {
  errors: FieldErrors<V>;
  /** Whether the values differ from the defaults (the last `reset` or `defaultValues`). */
  isDirty: boolean;
  isSubmitting: boolean;
  isSubmitted: boolean;
  submitCount: number;
}
