import { getPath, hasNoErrors, isWithin, setPath, unsetPath } from './paths';
import type {
  DefaultValues,
  FieldError,
  FieldErrors,
  FieldRules,
  FieldValues,
  Focusable,
  UseFormProps,
  ValidationMode,
} from './types';

/** Everything a form holds at one moment; every change makes a new snapshot. */
export interface FormSnapshot<V> {
  values: V;
  /** What `isDirty` compares with: `defaultValues`, then the values of the last `reset`. */
  defaultValues: V;
  errors: FieldErrors<V>;
  isSubmitting: boolean;
  isSubmitted: boolean;
  submitCount: number;
}

/**
 * What changed: a value at `path` (by a list operation of `useFieldArray` when `fromFieldArray`,
 * whose row keys then stay), every value (`reset`), or only the form's state.
 */
export type FormChange = { kind: 'value'; path: string; fromFieldArray?: boolean } | { kind: 'reset' } | { kind: 'state' };

/** A field the form knows: the control to focus when it has an error, and its own rules. */
interface FieldEntry {
  control?: Focusable | null;
  /** An input bound by `register`: the form writes its value into it. */
  input?: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null;
  registerRef?: (element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null) => void;
  rules?: FieldRules<never, never>;
}

type Validation<V> = { values: unknown; errors: FieldErrors<V> };
type Listener = (change: FormChange) => void;

const isNode = (value: unknown): value is Node => typeof Node !== 'undefined' && value instanceof Node;

/** The value a control's change carries: an event's checkbox state or text, or the value itself. */
export function eventValue(event: unknown): unknown {
  if (typeof event !== 'object' || event === null || !('target' in event)) return event;
  const target = (event as { target: unknown }).target;
  if (!target || typeof target !== 'object' || !('value' in target)) return event;
  const input = target as HTMLInputElement;
  return input.type === 'checkbox' ? input.checked : input.value;
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * One form's values, errors and submit state, outside React: hooks subscribe to it and re-render
 * only when what they read changed (see form-engine.tsx). It is react-hook-form's `control`.
 */
export class FormStore<V extends FieldValues> {
  state: FormSnapshot<V>;
  options: UseFormProps<V, unknown, unknown>;
  /** The fields in the order they were first rendered (a field that unmounts keeps its place). */
  private readonly fields = new Map<string, FieldEntry>();
  private readonly listeners = new Set<Listener>();
  /** The last validation started for a path: an older answer arriving later is dropped. */
  private readonly latestValidation = new Map<string, number>();
  private validationCount = 0;

  constructor(options: UseFormProps<V, unknown, unknown>) {
    this.options = options;
    const values = (options.defaultValues ?? {}) as V;
    this.state = { values, defaultValues: values, errors: {}, isSubmitting: false, isSubmitted: false, submitCount: 0 };
  }

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  private commit(next: Partial<FormSnapshot<V>>, change: FormChange = { kind: 'state' }) {
    this.state = { ...this.state, ...next };
    for (const listener of [...this.listeners]) listener(change);
  }

  getValues = (path?: string): unknown => (path === undefined ? this.state.values : getPath(this.state.values, path));

  /** Sets a value as code does (`setValue`): it is validated only when asked. */
  setValue = (path: string, value: unknown, options: { shouldValidate?: boolean } = {}) => {
    this.commit({ values: setPath(this.state.values, path, value) }, { kind: 'value', path });
    this.writeInputs(path);
    if (options.shouldValidate) void this.trigger(path);
  };

  /** A control's change: the value, then a validation when the mode asks for one on change. */
  change(path: string, value: unknown) {
    this.commit({ values: setPath(this.state.values, path, value) }, { kind: 'value', path });
    if (this.validatesOn('onChange')) void this.revalidate(path);
  }

  blur(path: string) {
    if (this.validatesOn('onBlur')) void this.revalidate(path);
  }

  /** Before the first submit, `mode` says when a field is checked; after it, `reValidateMode`. */
  private mode(): ValidationMode {
    return this.state.isSubmitted ? (this.options.reValidateMode ?? 'onChange') : (this.options.mode ?? 'onSubmit');
  }

  private validatesOn(event: ValidationMode) {
    return this.mode() === event;
  }

  /** Knows a field (keeping the order fields first rendered in) and its rules. */
  field(path: string, rules?: FieldRules<never, never>): FieldEntry {
    let entry = this.fields.get(path);
    if (!entry) {
      entry = {};
      this.fields.set(path, entry);
    }
    if (rules) entry.rules = rules;
    return entry;
  }

  /** The control to focus for a field; `null` when it unmounts (only if it is still that control). */
  attach(path: string, control: Focusable | null, previous?: Focusable | null) {
    const entry = this.field(path);
    if (control) entry.control = control;
    else if (entry.control === previous) entry.control = undefined;
  }

  /** An uncontrolled input (`register`): the form reads its changes and writes its value into it. */
  register(path: string, rules?: FieldRules<never, never>) {
    const entry = this.field(path, rules);
    entry.registerRef ??= (element) => {
      if (element && element !== entry.input) {
        entry.input = element;
        this.writeInput(path, element);
      }
      this.attach(path, element, entry.input);
    };
    return {
      name: path,
      ref: entry.registerRef,
      onChange: (event: unknown) => this.change(path, eventValue(event)),
      onBlur: () => this.blur(path),
    };
  }

  private writeInput(path: string, input: NonNullable<FieldEntry['input']>) {
    const value = getPath(this.state.values, path);
    if (input instanceof HTMLInputElement && input.type === 'checkbox') input.checked = Boolean(value);
    else input.value = value === undefined || value === null ? '' : String(value);
  }

  /** Writes the values below `path` into the registered inputs (code set them, not the user). */
  private writeInputs(path: string) {
    for (const [name, entry] of this.fields) {
      if (entry.input && (isWithin(name, path) || isWithin(path, name))) this.writeInput(name, entry.input);
    }
  }

  /** The whole form checked: by the resolver when there is one, otherwise by each field's rules. */
  private async validate(): Promise<Validation<V>> {
    const { values } = this.state;
    if (this.options.resolver) return this.options.resolver(values) as Promise<Validation<V>>;
    let errors: FieldErrors<V> = {};
    for (const [path, { rules }] of this.fields) {
      if (!rules) continue;
      const value = getPath(values, path);
      const verdict = rules.required && isBlank(value) ? rules.required : rules.validate?.(value as never, values as never);
      if (verdict === undefined || verdict === true) continue;
      const error: FieldError = {
        type: rules.required && isBlank(value) ? 'required' : 'validate',
        message: typeof verdict === 'string' ? verdict : '',
      };
      errors = setPath(errors, path, error);
    }
    return { values, errors };
  }

  /** Replaces the errors at and below each of `paths` with those `found`. */
  private errorsWith(paths: readonly string[], found: FieldErrors<V>, errors = this.state.errors) {
    return paths.reduce((result, path) => {
      const error = getPath(found, path);
      return error === undefined ? unsetPath(result, path) : setPath(result, path, error);
    }, errors);
  }

  /**
   * Validates `paths` (every field when none) and shows their errors; true when they have none.
   * With `shouldFocus`, the first control in error among them takes the focus.
   */
  trigger = async (paths?: string | readonly string[], options: { shouldFocus?: boolean } = {}): Promise<boolean> => {
    const names = paths === undefined ? undefined : typeof paths === 'string' ? [paths] : paths;
    const { errors } = await this.validate();
    this.commit({ errors: names ? this.errorsWith(names, errors) : errors });
    const valid = names ? names.every((name) => getPath(errors, name) === undefined) : hasNoErrors(errors);
    if (!valid && options.shouldFocus) this.focusError(names);
    return valid;
  };

  /** A field checked again as the user edits it; an answer overtaken by a newer edit is dropped. */
  private async revalidate(path: string) {
    const ticket = ++this.validationCount;
    this.latestValidation.set(path, ticket);
    const { errors } = await this.validate();
    if (this.latestValidation.get(path) !== ticket) return;
    this.commit({ errors: this.errorsWith([path], errors) });
  }

  handleSubmit =
    (onValid: (values: never) => unknown, onInvalid?: (errors: FieldErrors<V>) => unknown) =>
    async (event?: { preventDefault?: () => void }): Promise<void> => {
      event?.preventDefault?.();
      this.commit({ isSubmitting: true });
      const { values, errors } = await this.validate();
      this.commit({ errors });
      let failure: { error: unknown } | undefined;
      if (hasNoErrors(errors)) {
        try {
          await onValid(values as never);
        } catch (error) {
          failure = { error };
        }
      } else {
        await onInvalid?.(errors);
        this.focusError();
        // Once more after what onInvalid changed has rendered (a wizard showing the step in error).
        setTimeout(() => this.focusError(), 0);
      }
      this.commit({ isSubmitting: false, isSubmitted: true, submitCount: this.state.submitCount + 1 });
      if (failure) throw failure.error;
    };

  setError = (path: string, error: FieldError, options: { shouldFocus?: boolean } = {}) => {
    this.commit({ errors: setPath(this.state.errors, path, error) });
    if (options.shouldFocus) this.fields.get(path)?.control?.focus?.();
  };

  clearErrors = (paths?: string | readonly string[]) => {
    const names = paths === undefined ? undefined : typeof paths === 'string' ? [paths] : paths;
    this.commit({ errors: names ? names.reduce((errors, name) => unsetPath(errors, name), this.state.errors) : {} });
  };

  /** Starts again from `values` (or the defaults), which become what `isDirty` compares with. */
  reset = (values?: DefaultValues<V>) => {
    const start = (values ?? this.state.defaultValues) as V;
    this.commit(
      { values: start, defaultValues: start, errors: {}, isSubmitting: false, isSubmitted: false, submitCount: 0 },
      { kind: 'reset' },
    );
    this.writeInputs('');
  };

  /**
   * A list operation of `useFieldArray`: `edit` makes the new rows, and the rows' errors move
   * with them (`editErrors`). After a submit, the list's own error is checked again, as
   * react-hook-form does; a new row's fields are not judged before the user fills them.
   */
  editArray(path: string, edit: (rows: unknown[]) => unknown[], editErrors: (rows: unknown[]) => unknown[]) {
    const found = getPath(this.state.values, path);
    const rows = Array.isArray(found) ? found : [];
    const rowErrors = getPath(this.state.errors, path);
    let errors = this.state.errors;
    if (Array.isArray(rowErrors)) {
      // One entry per row (a row without errors has none in the list), so that rows and errors move alike.
      const aligned = Array.from({ length: Math.max(rows.length, rowErrors.length) }, (_, index) => rowErrors[index] as unknown);
      const edited = editErrors(aligned);
      errors = edited.every((error) => error === undefined) ? unsetPath(errors, path) : setPath(errors, path, edited);
    }
    this.commit(
      { values: setPath(this.state.values, path, edit(rows)), errors },
      { kind: 'value', path, fromFieldArray: true },
    );
    if (this.mode() !== 'onSubmit') void this.revalidateList(path);
  }

  private async revalidateList(path: string) {
    const { errors } = await this.validate();
    const fresh = getPath(errors, path) as Partial<FieldError> | undefined;
    const current = getPath(this.state.errors, path) as Partial<FieldError> | undefined;
    const changed = current?.type
      ? !fresh || fresh.type !== current.type || fresh.message !== current.message
      : Boolean(fresh?.type);
    if (changed) this.commit({ errors: this.errorsWith([path], errors) });
  }

  /**
   * Focuses the first control, in the page's order, whose field has an error (among `paths` when
   * given); a control no longer in the page is skipped.
   */
  focusError(paths?: readonly string[]) {
    this.focusFirst(
      (name) => (!paths || paths.some((path) => isWithin(name, path))) && getPath(this.state.errors, name) !== undefined,
    );
  }

  /** Focuses the first control, in the page's order, of a field that `matches`. */
  focusFirst(matches: (name: string) => boolean) {
    const controls: Focusable[] = [];
    for (const [name, { control }] of this.fields) {
      if (control?.focus && matches(name) && (!isNode(control) || control.isConnected)) controls.push(control);
    }
    // Controls that are not elements keep the order their fields first rendered in.
    const inPageOrder = (a: Focusable, b: Focusable) =>
      isNode(a) && isNode(b) ? (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_PRECEDING ? 1 : -1) : 0;
    controls.sort(inPageOrder)[0]?.focus?.();
  }
}
