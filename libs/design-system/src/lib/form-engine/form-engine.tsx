// The console's form engine: the part of react-hook-form's API its forms use, in a few KiB
// (docs/contributing/forms.md). The library itself is 16 KiB gzip on every form page.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';
import { deepEqual, getPath, isWithin } from './paths';
import { FormStore, eventValue, type FormSnapshot } from './store';
import type {
  DefaultValues,
  FieldArray,
  FieldArrayPath,
  FieldArrayWithId,
  FieldError,
  FieldErrors,
  FieldPath,
  FieldPathValue,
  FieldRules,
  FieldValues,
  Focusable,
  FormState,
  SetValueOptions,
  UseFormProps,
} from './types';

/** A form's store, as the hooks take it (`form.control`). */
export type Control<V extends FieldValues = FieldValues> = FormStore<V>;

/** What `register` spreads on an uncontrolled input. */
export interface RegisteredField {
  name: string;
  ref: (element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null) => void;
  onChange: (event: unknown) => void;
  onBlur: () => void;
}

type Paths<V> = FieldPath<V> | readonly FieldPath<V>[];

/** What `useForm` answers: react-hook-form's methods that the console uses, with the same meaning. */
export interface UseFormReturn<V extends FieldValues = FieldValues, _Context = unknown, Output = V> {
  control: Control<V>;
  /** Reading a member here re-renders the form's component when that member changes. */
  formState: FormState<V>;
  register: <P extends FieldPath<V>>(name: P, rules?: FieldRules<FieldPathValue<V, P>, V>) => RegisteredField;
  /** Validates everything, then calls `onValid` with the parsed values or `onInvalid` with the errors. */
  handleSubmit: (
    onValid: (values: Output) => unknown,
    onInvalid?: (errors: FieldErrors<V>) => unknown,
  ) => (event?: { preventDefault?: () => void }) => Promise<void>;
  reset: (values?: DefaultValues<V>) => void;
  setValue: <P extends FieldPath<V>>(name: P, value: FieldPathValue<V, P>, options?: SetValueOptions) => void;
  getValues: {
    (): V;
    <P extends FieldPath<V>>(name: P): FieldPathValue<V, P>;
  };
  /** The value now; the form's component re-renders when it changes. */
  watch: {
    (): V;
    <P extends FieldPath<V>>(name: P): FieldPathValue<V, P>;
  };
  trigger: (name?: Paths<V>, options?: { shouldFocus?: boolean }) => Promise<boolean>;
  setError: (name: FieldPath<V> | 'root' | `root.${string}`, error: FieldError, options?: { shouldFocus?: boolean }) => void;
  clearErrors: (name?: Paths<V>) => void;
}

const FormContext = createContext<FormStore<FieldValues> | null>(null);
/** The methods of each form (`useFormContext` answers them to the fields below it). */
const methodsOfStore = new WeakMap<object, UseFormReturn>();

function useControl<V extends FieldValues>(control: Control<V> | undefined): Control<V> {
  const context = useContext(FormContext);
  const store = control ?? context;
  if (!store) throw new Error('A form hook needs its `control` or a FormProvider around it.');
  return store as unknown as Control<V>;
}

/**
 * The form's snapshot, re-rendering the caller only when `isSame` finds a difference in what it
 * reads: a field's value and error, the state members a component used.
 */
function useSnapshot<V extends FieldValues>(store: Control<V>, isSame: (a: FormSnapshot<V>, b: FormSnapshot<V>) => boolean) {
  const last = useRef<FormSnapshot<V>>(undefined);
  const read = () => {
    const next = store.state;
    if (last.current && (last.current === next || isSame(last.current, next))) return last.current;
    last.current = next;
    return next;
  };
  return useSyncExternalStore(store.subscribe, read, read);
}

const dirtiness = new WeakMap<object, boolean>();
function isDirty(snapshot: FormSnapshot<unknown>) {
  let dirty = dirtiness.get(snapshot);
  if (dirty === undefined) {
    dirty = !deepEqual(snapshot.values, snapshot.defaultValues);
    dirtiness.set(snapshot, dirty);
  }
  return dirty;
}

type StateKey = keyof FormState<FieldValues>;
const stateKeys: StateKey[] = ['errors', 'isDirty', 'isSubmitting', 'isSubmitted', 'submitCount'];

/** A live view of the form's state that notes which members its reader used. */
function formStateView<V extends FieldValues>(store: Control<V>, used?: Set<StateKey>): FormState<V> {
  const view = {} as FormState<V>;
  for (const key of stateKeys) {
    Object.defineProperty(view, key, {
      enumerable: true,
      get: () => {
        used?.add(key);
        return key === 'isDirty' ? isDirty(store.state) : store.state[key];
      },
    });
  }
  return view;
}

/**
 * The form's state for a component, as react-hook-form's proxy: it re-renders for the members
 * read (errors only at `names` when given) and for the `watched` values.
 */
function useTrackedState<V extends FieldValues>(store: Control<V>, names?: readonly string[]) {
  const [tracking] = useState(() => {
    const used = new Set<StateKey>();
    return { used, watched: new Set<string>(), view: formStateView(store, used) };
  });
  const { used, watched } = tracking;
  useSnapshot(store, (a, b) => {
    for (const key of used) {
      if (key === 'errors') {
        if (names ? names.some((name) => getPath(a.errors, name) !== getPath(b.errors, name)) : a.errors !== b.errors) return false;
      } else if (key === 'isDirty' ? isDirty(a) !== isDirty(b) : a[key] !== b[key]) return false;
    }
    for (const path of watched) if (getPath(a.values, path) !== getPath(b.values, path)) return false;
    return true;
  });
  return tracking;
}

function methodsOf<V extends FieldValues>(store: Control<V>, formState: FormState<V>, watched?: Set<string>) {
  const methods = {
    control: store,
    formState,
    register: (name: string, rules?: FieldRules<never, never>) => store.register(name, rules),
    handleSubmit: store.handleSubmit,
    reset: store.reset,
    setValue: store.setValue,
    getValues: store.getValues,
    watch: (name?: string) => {
      watched?.add(name ?? '');
      return store.getValues(name);
    },
    trigger: store.trigger,
    setError: store.setError,
    clearErrors: store.clearErrors,
  };
  return methods as unknown as UseFormReturn<V>;
}

/**
 * A form: react-hook-form's `useForm` for what the console uses. Values start from
 * `defaultValues`; fields are checked at submit, then again as they change (`mode`,
 * `reValidateMode`); the first control in error takes the focus. The answer is the same object
 * on every render.
 */
export function useForm<V extends FieldValues = FieldValues, Context = unknown, Output = V>(
  options: UseFormProps<V, Context, Output> = {},
): UseFormReturn<V, Context, Output> {
  const [store] = useState(() => new FormStore<V>(options));
  // The resolver follows the component's render (its messages in the active locale).
  store.options = options;
  const { view, watched } = useTrackedState(store);
  const [methods] = useState(() => {
    const created = methodsOf(store, view, watched);
    methodsOfStore.set(store, created as unknown as UseFormReturn);
    return created;
  });
  return methods as unknown as UseFormReturn<V, Context, Output>;
}

/** Makes a form reachable from the fields below it (`<FormProvider {...form}>`). */
export function FormProvider<V extends FieldValues, Context, Output>({
  control,
  children,
}: UseFormReturn<V, Context, Output> & { children: ReactNode }) {
  return <FormContext.Provider value={control as unknown as FormStore<FieldValues>}>{children}</FormContext.Provider>;
}

/** The surrounding form's methods. */
export function useFormContext<V extends FieldValues = FieldValues, Context = unknown, Output = V>(): UseFormReturn<V, Context, Output> {
  const store = useControl<V>(undefined);
  const [fallback] = useState(() => methodsOf(store, formStateView(store)));
  return (methodsOfStore.get(store) ?? fallback) as unknown as UseFormReturn<V, Context, Output>;
}

/** The form's state, re-rendering for the members read; `name` limits `errors` to those paths. */
export function useFormState<V extends FieldValues = FieldValues>({
  control,
  name,
}: { control?: Control<V>; name?: Paths<V> } = {}): FormState<V> {
  const store = useControl(control);
  const names = name === undefined ? undefined : typeof name === 'string' ? [name] : (name as readonly string[]);
  return useTrackedState(store, names).view;
}

export interface UseWatchProps<V extends FieldValues, P extends FieldPath<V>> {
  name: P;
  control?: Control<V>;
  /** What to answer while the value is undefined. */
  defaultValue?: FieldPathValue<V, P>;
}

/** The value at `name` (every value without one), re-rendering only when it changes. */
export function useWatch<V extends FieldValues = FieldValues, P extends FieldPath<V> = FieldPath<V>>(
  props: UseWatchProps<V, P>,
): FieldPathValue<V, P>;
export function useWatch<V extends FieldValues = FieldValues>(props?: { control?: Control<V> }): V;
export function useWatch({ name = '', control, defaultValue }: { name?: string; control?: Control; defaultValue?: unknown } = {}) {
  const store = useControl(control);
  const snapshot = useSnapshot(store, (a, b) => getPath(a.values, name) === getPath(b.values, name));
  const value = getPath(snapshot.values, name);
  return value === undefined ? defaultValue : value;
}

export interface UseControllerProps<V extends FieldValues, P extends FieldPath<V>> {
  name: P;
  control?: Control<V>;
  /** The field's own rules, for a form without a resolver. */
  rules?: FieldRules<FieldPathValue<V, P>, V>;
}

/** What a control takes from its field (`<Input {...field} />`). */
export interface ControllerRenderProps<V extends FieldValues = FieldValues, P extends FieldPath<V> = FieldPath<V>> {
  name: P;
  value: FieldPathValue<V, P>;
  /** Takes an input's change event or the value itself (a select's, a switch's). */
  onChange: (eventOrValue: unknown) => void;
  onBlur: () => void;
  /** The control to focus when the field has an error. */
  ref: (instance: Focusable | null) => void;
}

export interface ControllerFieldState {
  error?: FieldError;
  invalid: boolean;
}

/** One field bound to a control: it re-renders only when this field's value or error changes. */
export function useController<V extends FieldValues = FieldValues, P extends FieldPath<V> = FieldPath<V>>({
  name,
  control,
  rules,
}: UseControllerProps<V, P>): { field: ControllerRenderProps<V, P>; fieldState: ControllerFieldState } {
  const store = useControl(control);
  store.field(name, rules as FieldRules<never, never> | undefined);
  const snapshot = useSnapshot(
    store,
    (a, b) => getPath(a.values, name) === getPath(b.values, name) && getPath(a.errors, name) === getPath(b.errors, name),
  );
  const attached = useRef<Focusable | null>(null);
  const onChange = useCallback((event: unknown) => store.change(name, eventValue(event)), [store, name]);
  const onBlur = useCallback(() => store.blur(name), [store, name]);
  const ref = useCallback(
    (instance: Focusable | null) => {
      store.attach(name, instance, attached.current);
      attached.current = instance;
    },
    [store, name],
  );
  const error = getPath(snapshot.errors, name) as FieldError | undefined;
  return {
    field: { name, value: getPath(snapshot.values, name) as FieldPathValue<V, P>, onChange, onBlur, ref },
    fieldState: { error, invalid: error !== undefined },
  };
}

/** `useController` as a component: `<Controller name control rules render={({ field, fieldState }) => …} />`. */
export function Controller<V extends FieldValues = FieldValues, P extends FieldPath<V> = FieldPath<V>>(
  props: UseControllerProps<V, P> & {
    render: (controller: { field: ControllerRenderProps<V, P>; fieldState: ControllerFieldState }) => ReactElement;
  },
) {
  return props.render(useController(props));
}

export interface UseFieldArrayReturn<V extends FieldValues, P extends FieldArrayPath<V>> {
  /** The rows with a key (`id`) that stays with a row while rows are added, removed or moved. */
  fields: FieldArrayWithId<V, P>[];
  /** Adds rows at the end; the first field of the first new row takes the focus. */
  append: (value: FieldArray<V, P> | FieldArray<V, P>[]) => void;
  insert: (index: number, value: FieldArray<V, P> | FieldArray<V, P>[]) => void;
  remove: (index: number) => void;
  move: (from: number, to: number) => void;
  update: (index: number, value: FieldArray<V, P>) => void;
  replace: (values: FieldArray<V, P>[]) => void;
}

let rowCount = 0;
const rowId = () => `row-${++rowCount}`;

/** Splices a copy of `rows` (holes of a list of errors become undefined, so indexes stay right). */
function spliced<T>(rows: readonly T[], start: number, remove: number, ...items: T[]) {
  const next = [...rows];
  next.splice(start, remove, ...items);
  return next;
}

/**
 * A list of rows in the form. The row keys stay with their rows through the list operations and
 * a row's edits; they are made again when code replaces the list (`setValue`, `reset`).
 */
export function useFieldArray<V extends FieldValues = FieldValues, P extends FieldArrayPath<V> = FieldArrayPath<V>>({
  name,
  control,
}: {
  name: P;
  control?: Control<V>;
}): UseFieldArrayReturn<V, P> {
  const store = useControl(control);
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const keys = useRef<{ ids: string[] | null; stale: boolean; focusRow?: number }>({ ids: null, stale: false });
  useEffect(
    () =>
      store.subscribe((change) => {
        if (change.kind === 'reset' || (change.kind === 'value' && !change.fromFieldArray && isWithin(name, change.path))) {
          keys.current.stale = true;
          rerender();
        } else if (change.kind === 'value' && change.fromFieldArray && change.path === name) rerender();
      }),
    [store, name],
  );
  useEffect(() => {
    const row = keys.current.focusRow;
    if (row === undefined) return;
    keys.current.focusRow = undefined;
    store.focusFirst((field) => isWithin(field, `${name}.${row}`));
  });

  const current = () => (getPath(store.state.values, name) as unknown[] | undefined) ?? [];
  const rows = current();
  if (!keys.current.ids || keys.current.stale || keys.current.ids.length !== rows.length) {
    keys.current.ids = rows.map(rowId);
    keys.current.stale = false;
  }
  const ids = keys.current.ids;

  const edit = (
    editIds: (ids: string[]) => string[],
    editRows: (rows: unknown[]) => unknown[],
    editErrors: (errors: unknown[]) => unknown[] = editRows,
    focusRow?: number,
  ) => {
    keys.current.ids = editIds(keys.current.ids ?? []);
    keys.current.focusRow = focusRow;
    store.editArray(name, editRows, editErrors);
  };
  const list = (value: unknown) => (Array.isArray(value) ? value : [value]);
  const blanks = (count: number) => Array.from({ length: count }, () => undefined);

  return {
    fields: rows.map((row, index) => ({ ...(row as object), id: ids[index] })) as FieldArrayWithId<V, P>[],
    append: (value) => {
      const added = list(value);
      const at = current().length;
      edit((all) => [...all, ...added.map(rowId)], (all) => [...all, ...added], (errors) => errors, at);
    },
    insert: (index, value) => {
      const added = list(value);
      edit(
        (all) => spliced(all, index, 0, ...added.map(rowId)),
        (all) => spliced(all, index, 0, ...added),
        (errors) => spliced(errors, index, 0, ...blanks(added.length)),
        index,
      );
    },
    remove: (index) => edit((all) => spliced(all, index, 1), (all) => spliced(all, index, 1)),
    move: (from, to) => {
      const moved = <T,>(all: T[]) => spliced(spliced(all, from, 1), to, 0, ...all.slice(from, from + 1));
      edit(moved, moved);
    },
    update: (index, value) => edit((all) => all, (all) => spliced(all, index, 1, value), (errors) => errors),
    replace: (values) => edit(() => values.map(rowId), () => [...values], () => []),
  };
}
