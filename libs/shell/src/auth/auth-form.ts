import { useCallback, useRef, useState, type FormEvent } from 'react';

type Values = Record<string, string>;
/** A form's values: text fields by name. */
type Fields<T> = { [K in keyof T]: string };

/** A field's rules: a message when it is empty, and/or a check that answers `true` or the message. */
export interface FieldRules<T extends Fields<T>> {
  required?: string;
  validate?: (value: string, values: T) => true | string;
}

type Errors<T extends Fields<T>> = Partial<Record<keyof T, { message: string }>>;

/** What `useAuthForm` answers: the part of the form engine's `useForm` the sign-in pages use. */
export interface AuthForm<T extends Fields<T>> {
  register: (
    name: keyof T & string,
    rules?: FieldRules<T>,
  ) => { name: string; ref: (element: HTMLInputElement | null) => void; onChange: () => void; onBlur: () => void };
  handleSubmit: (onValid: (values: T) => void) => (event?: FormEvent) => Promise<void>;
  formState: { errors: Errors<T> };
}

/**
 * The sign-in pages' forms: text fields of uncontrolled inputs, checked on submit, then again on
 * every change of a field once submitted; the first field in error takes the focus. It behaves as
 * the design system's `useForm` in its default mode for what these pages use (`register` with
 * `required`/`validate`, `handleSubmit`, `formState.errors`) without loading it: the sign-in pages
 * are the first a visitor loads, and every KiB there counts (ARCHITECTURE §8).
 */
export function useAuthForm<T extends Fields<T>>({ defaultValues }: { defaultValues: T }): AuthForm<T> {
  const elements = useRef(new Map<keyof T & string, HTMLInputElement>());
  const rules = useRef(new Map<keyof T & string, FieldRules<T>>());
  const refs = useRef(new Map<keyof T & string, (element: HTMLInputElement | null) => void>());
  const submitted = useRef(false);
  const [errors, setErrors] = useState<Errors<T>>({});

  const values = useCallback((): T => {
    const current: Values = { ...(defaultValues as Values) };
    for (const [name, element] of elements.current) current[name] = element.value;
    return current as unknown as T;
  }, [defaultValues]);

  const problem = useCallback((name: keyof T & string, all: T): string | undefined => {
    const rule = rules.current.get(name);
    const value = (all[name] as string | undefined) ?? '';
    if (rule?.required && value === '') return rule.required;
    const answer = rule?.validate?.(value, all);
    return typeof answer === 'string' ? answer : undefined;
  }, []);

  const check = useCallback(
    (name: keyof T & string) => {
      if (!submitted.current) return;
      const message = problem(name, values());
      setErrors((previous) => {
        if (previous[name]?.message === message) return previous;
        const next = { ...previous };
        if (message === undefined) delete next[name];
        else next[name] = { message };
        return next;
      });
    },
    [problem, values],
  );

  const register: AuthForm<T>['register'] = (name, fieldRules = {}) => {
    rules.current.set(name, fieldRules);
    let ref = refs.current.get(name);
    if (!ref) {
      ref = (element) => {
        if (!element) return;
        if (!elements.current.has(name) || elements.current.get(name) !== element) {
          if (!elements.current.has(name)) element.value = (defaultValues[name] as string | undefined) ?? '';
          elements.current.set(name, element);
        }
      };
      refs.current.set(name, ref);
    }
    return { name, ref, onChange: () => check(name), onBlur: () => undefined };
  };

  const handleSubmit: AuthForm<T>['handleSubmit'] = (onValid) => async (event) => {
    event?.preventDefault();
    submitted.current = true;
    const all = values();
    const found: Errors<T> = {};
    let first: HTMLInputElement | undefined;
    for (const name of rules.current.keys()) {
      const message = problem(name, all);
      if (message === undefined) continue;
      found[name] = { message };
      first ??= elements.current.get(name);
    }
    setErrors(found);
    if (first) first.focus();
    else onValid(all);
  };

  return { register, handleSubmit, formState: { errors } };
}
