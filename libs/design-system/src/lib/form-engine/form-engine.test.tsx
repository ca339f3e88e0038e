import { act, screen, waitFor, within } from '@testing-library/react';
import { useId, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { contractResolver } from '../../components/form/contract-resolver';
import { renderWithProviders } from '../../testing/render-with-providers';
import { i18n } from '@terrace/i18n';
import {
  FormProvider,
  useController,
  useFieldArray,
  useForm,
  useFormContext,
  useFormState,
  useWatch,
  type UseFormReturn,
} from './form-engine';
import type { ValidationMode } from './types';

const schema = z.object({
  name: z.string().check(z.minLength(1)),
  iac: z.object({ version: z.string().check(z.maxLength(3)) }),
  tags: z.array(z.object({ key: z.string().check(z.minLength(1)) })),
});
type Values = z.input<typeof schema>;
const start: Values = { name: '', iac: { version: '' }, tags: [] };
const resolver = contractResolver(schema, i18n);

function Text({ name, label }: { name: 'name' | 'iac.version' | `tags.${number}.key`; label: string }) {
  const { field, fieldState } = useController<Values, typeof name>({ name });
  const id = useId();
  return (
    <div>
      <label>
        {label}
        <input {...field} aria-invalid={fieldState.invalid || undefined} aria-describedby={fieldState.error ? id : undefined} />
      </label>
      {fieldState.error && <span id={id}>{fieldState.error.message}</span>}
    </div>
  );
}

function Tags() {
  const { fields, append, remove, move, insert, update, replace } = useFieldArray<Values, 'tags'>({ name: 'tags' });
  return (
    <fieldset>
      {fields.map((row, index) => (
        <div key={row.id} data-testid="row">
          <Text name={`tags.${index}.key`} label={`Tag ${index + 1}`} />
          <button type="button" onClick={() => remove(index)}>{`Remove ${index + 1}`}</button>
        </div>
      ))}
      <button type="button" onClick={() => append({ key: '' })}>Add</button>
      <button type="button" onClick={() => insert(0, { key: 'first' })}>Insert first</button>
      <button type="button" onClick={() => move(0, 1)}>Move first down</button>
      <button type="button" onClick={() => update(0, { key: 'updated' })}>Update first</button>
      <button type="button" onClick={() => replace([{ key: 'only' }])}>Replace</button>
    </fieldset>
  );
}

function TestForm({
  onValid = () => undefined,
  mode,
  initial = start,
  expose,
}: {
  onValid?: (values: Values) => unknown;
  mode?: ValidationMode;
  initial?: Values;
  expose?: (form: UseFormReturn<Values>) => void;
}) {
  const form = useForm<Values>({ defaultValues: initial, resolver, mode });
  expose?.(form);
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
        <Tags />
        <Text name="name" label="Name" />
        <Text name="iac.version" label="Version" />
        <p>{form.formState.isSubmitting ? 'Submitting' : 'Idle'}</p>
        <p>{form.formState.isDirty ? 'Dirty' : 'Pristine'}</p>
        <button type="submit">Save</button>
      </form>
    </FormProvider>
  );
}

const box = (name: string | RegExp) => screen.getByRole('textbox', { name });

describe('form engine: validation', () => {
  it('checks nothing before the first submit, then each field as it changes', async () => {
    const onValid = vi.fn();
    const { user } = renderWithProviders(<TestForm onValid={onValid} />);
    await user.type(box('Version'), 'toolong');
    expect(box('Version')).not.toHaveAttribute('aria-invalid');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(box('Name')).toHaveAccessibleDescription('Enter a value.');
    expect(box('Version')).toHaveAccessibleDescription('Use at most 3 characters.');
    expect(onValid).not.toHaveBeenCalled();

    // After a submit every change is checked again: the name's error goes as it is typed.
    await user.type(box('Name'), 'n');
    await waitFor(() => expect(box('Name')).not.toHaveAttribute('aria-invalid'));
    expect(box('Version')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(box('Name'));
    await waitFor(() => expect(box('Name')).toHaveAccessibleDescription('Enter a value.'));
  });

  it('checks a field when it loses the focus in onBlur mode', async () => {
    const { user } = renderWithProviders(<TestForm mode="onBlur" />);
    await user.type(box('Version'), 'toolong');
    expect(box('Version')).not.toHaveAttribute('aria-invalid');
    await user.tab();
    await waitFor(() => expect(box('Version')).toHaveAccessibleDescription('Use at most 3 characters.'));
    expect(box('Name')).not.toHaveAttribute('aria-invalid');
  });

  it('focuses the first field in error in the page’s order, not the order fields rendered in', async () => {
    let form!: UseFormReturn<Values>;
    const { user } = renderWithProviders(<TestForm initial={{ ...start, name: 'ok' }} expose={(f) => (form = f)} />);
    // The row renders after Name and Version but sits above them.
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.type(box('Version'), 'toolong');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(box('Tag 1')).toHaveFocus());
    expect(form.formState.submitCount).toBe(1);
  });

  it('sends the parsed values and shows that it is submitting until the handler is done', async () => {
    let finish!: () => void;
    const onValid = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user } = renderWithProviders(<TestForm onValid={onValid} initial={{ name: 'n', iac: { version: '1' }, tags: [{ key: 'k' }] }} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ name: 'n', iac: { version: '1' }, tags: [{ key: 'k' }] }));
    expect(screen.getByText('Submitting')).toBeInTheDocument();
    await act(async () => finish());
    expect(screen.getByText('Idle')).toBeInTheDocument();
  });

  it('validates only the fields `trigger` names and says whether they are valid', async () => {
    let form!: UseFormReturn<Values>;
    renderWithProviders(<TestForm expose={(f) => (form = f)} initial={{ ...start, iac: { version: 'toolong' } }} />);
    let valid: boolean | undefined;
    await act(async () => void (valid = await form.trigger('iac')));
    expect(valid).toBe(false);
    expect(box('Version')).toHaveAttribute('aria-invalid', 'true');
    expect(box('Name')).not.toHaveAttribute('aria-invalid');
    await act(async () => void (valid = await form.trigger(['name'], { shouldFocus: true })));
    expect(valid).toBe(false);
    expect(box('Name')).toHaveFocus();
  });

  it('validates each field by its own rules without a resolver', async () => {
    function Plain({ onValid }: { onValid: (values: { code: string }) => void }) {
      const form = useForm({ defaultValues: { code: '' } });
      const { errors } = form.formState;
      return (
        <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
          <input aria-label="Code" {...form.register('code', { required: 'Enter a code', validate: (v) => v.startsWith('c') || 'Start with c' })} />
          <p>{errors.code?.message}</p>
          <button type="submit">Save</button>
        </form>
      );
    }
    const onValid = vi.fn();
    const { user } = renderWithProviders(<Plain onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a code')).toBeInTheDocument();
    await user.type(box('Code'), 'x');
    expect(await screen.findByText('Start with c')).toBeInTheDocument();
    await user.clear(box('Code'));
    await user.type(box('Code'), 'c1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ code: 'c1' }));
  });
});

describe('form engine: state and subscriptions', () => {
  it('re-renders a watcher only when its own value changes', async () => {
    const renders: string[] = [];
    function Watch({ name }: { name: 'name' | 'iac.version' | 'iac' }) {
      const value = useWatch<Values, typeof name>({ name });
      renders.push(name);
      return <output aria-label={`watch ${name}`}>{JSON.stringify(value)}</output>;
    }
    function Page() {
      const form = useForm<Values>({ defaultValues: start });
      return (
        <FormProvider {...form}>
          <Text name="name" label="Name" />
          <Text name="iac.version" label="Version" />
          <Watch name="name" />
          <Watch name="iac.version" />
          <Watch name="iac" />
        </FormProvider>
      );
    }
    const { user } = renderWithProviders(<Page />);
    renders.length = 0;
    await user.type(box('Name'), 'ab');
    expect(renders).toEqual(['name', 'name']);
    renders.length = 0;
    await user.type(box('Version'), '1');
    // A parent path changes with the member below it.
    expect(renders.sort()).toEqual(['iac', 'iac.version']);
    expect(screen.getByRole('status', { name: 'watch iac' })).toHaveTextContent('{"version":"1"}');
  });

  it('re-renders the form’s component only for the state it read', async () => {
    let renders = 0;
    function Page({ readDirty }: { readDirty: boolean }) {
      const form = useForm<Values>({ defaultValues: start });
      renders += 1;
      const dirty = readDirty ? form.formState.isDirty : undefined;
      return (
        <FormProvider {...form}>
          <Text name="name" label="Name" />
          <p>{String(dirty)}</p>
        </FormProvider>
      );
    }
    const { user, unmount } = renderWithProviders(<Page readDirty={false} />);
    renders = 0;
    await user.type(box('Name'), 'abc');
    expect(renders).toBe(0);
    unmount();

    renderWithProviders(<Page readDirty />);
    renders = 0;
    await user.type(box('Name'), 'abc');
    // Once when it became dirty, not on every key.
    expect(renders).toBe(1);
    expect(screen.getByText('true')).toBeInTheDocument();
    await user.clear(box('Name'));
    expect(screen.getByText('false')).toBeInTheDocument();
  });

  it('limits useFormState’s errors to the named path', async () => {
    const renders: string[] = [];
    function Errors({ name }: { name: 'name' | 'iac' }) {
      const { errors } = useFormState<Values>({ name });
      renders.push(name);
      return <p>{`${name}: ${errors[name] ? 'error' : 'none'}`}</p>;
    }
    let form!: UseFormReturn<Values>;
    function Page() {
      form = useForm<Values>({ defaultValues: start });
      return (
        <FormProvider {...form}>
          <Errors name="name" />
          <Errors name="iac" />
        </FormProvider>
      );
    }
    renderWithProviders(<Page />);
    renders.length = 0;
    act(() => form.setError('iac.version', { type: 'server', message: 'Unknown version' }));
    expect(renders).toEqual(['iac']);
    expect(screen.getByText('iac: error')).toBeInTheDocument();
    expect(screen.getByText('name: none')).toBeInTheDocument();
  });

  it('starts again from reset’s values: pristine, without errors, with the inputs showing them', async () => {
    let form!: UseFormReturn<Values>;
    const { user } = renderWithProviders(<TestForm expose={(f) => (form = f)} />);
    await user.type(box('Name'), 'typed');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Dirty')).toBeInTheDocument();
    expect(box('Tag 1')).toHaveAttribute('aria-invalid', 'true');

    act(() => form.reset({ name: 'again', iac: { version: '2' }, tags: [{ key: 'a' }, { key: 'b' }] }));
    expect(box('Name')).toHaveValue('again');
    expect(box('Tag 2')).toHaveValue('b');
    expect(box('Tag 1')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Pristine')).toBeInTheDocument();
    expect(form.formState.isSubmitted).toBe(false);
    // Before a submit again, a change is not checked.
    await user.clear(box('Tag 1'));
    expect(box('Tag 1')).not.toHaveAttribute('aria-invalid');
  });

  it('puts an error with setError, focuses its field, and clears it', () => {
    let form!: UseFormReturn<Values>;
    renderWithProviders(<TestForm expose={(f) => (form = f)} />);
    act(() => form.setError('iac.version', { type: 'server', message: 'Unknown version' }, { shouldFocus: true }));
    expect(box('Version')).toHaveAccessibleDescription('Unknown version');
    expect(box('Version')).toHaveFocus();
    act(() => form.clearErrors('iac.version'));
    expect(box('Version')).not.toHaveAttribute('aria-invalid');
    expect(form.formState.errors).toEqual({});
  });

  it('writes a value set by code into an input bound with register, and keeps it across a remount', async () => {
    function Page() {
      const form = useForm({ defaultValues: { code: 'a' } });
      const [shown, setShown] = useState(true);
      return (
        <>
          {shown && <input aria-label="Code" {...form.register('code')} />}
          <button type="button" onClick={() => setShown(!shown)}>Toggle</button>
          <button type="button" onClick={() => form.setValue('code', 'from code')}>Set</button>
          <output aria-label="value">{form.watch('code')}</output>
        </>
      );
    }
    const { user } = renderWithProviders(<Page />);
    expect(box('Code')).toHaveValue('a');
    await user.type(box('Code'), 'b');
    expect(screen.getByRole('status', { name: 'value' })).toHaveTextContent('ab');
    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(box('Code')).toHaveValue('ab');
    await user.click(screen.getByRole('button', { name: 'Set' }));
    expect(box('Code')).toHaveValue('from code');
  });

  it('answers the surrounding form from useFormContext', () => {
    let outer!: UseFormReturn<Values>;
    let inner!: UseFormReturn<Values>;
    function Inner() {
      inner = useFormContext<Values>();
      return null;
    }
    function Page() {
      outer = useForm<Values>({ defaultValues: start });
      return (
        <FormProvider {...outer}>
          <Inner />
        </FormProvider>
      );
    }
    renderWithProviders(<Page />);
    expect(inner).toBe(outer);
  });
});

describe('form engine: field arrays', () => {
  const rows = () => screen.queryAllByTestId('row');

  it('adds a row and focuses its first field; removing a row keeps the others’ inputs and values', async () => {
    const { user } = renderWithProviders(<TestForm />);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(box('Tag 1')).toHaveFocus();
    await user.keyboard('one');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(box('Tag 2')).toHaveFocus();
    await user.keyboard('two');
    const second = box('Tag 2');
    await user.click(screen.getByRole('button', { name: 'Remove 1' }));
    expect(rows()).toHaveLength(1);
    // The same element (the row's key stayed with it), now the first row.
    expect(box('Tag 1')).toBe(second);
    expect(second).toHaveValue('two');
  });

  it('moves a row’s error with the row when an earlier row is removed', async () => {
    const { user } = renderWithProviders(<TestForm initial={{ name: 'n', iac: { version: '' }, tags: [{ key: 'ok' }, { key: '' }] }} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(box('Tag 2')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Remove 1' }));
    expect(box('Tag 1')).toHaveAccessibleDescription('Enter a value.');
  });

  it('inserts, moves, updates and replaces rows', async () => {
    let form!: UseFormReturn<Values>;
    const { user } = renderWithProviders(<TestForm expose={(f) => (form = f)} initial={{ ...start, tags: [{ key: 'a' }] }} />);
    const a = box('Tag 1');
    await user.click(screen.getByRole('button', { name: 'Insert first' }));
    expect(form.getValues('tags')).toEqual([{ key: 'first' }, { key: 'a' }]);
    expect(box('Tag 2')).toBe(a);
    await user.click(screen.getByRole('button', { name: 'Move first down' }));
    expect(form.getValues('tags')).toEqual([{ key: 'a' }, { key: 'first' }]);
    expect(box('Tag 1')).toBe(a);
    await user.click(screen.getByRole('button', { name: 'Update first' }));
    expect(box('Tag 1')).toHaveValue('updated');
    await user.click(screen.getByRole('button', { name: 'Replace' }));
    expect(rows().map((row) => within(row).getByRole('textbox'))).toHaveLength(1);
    expect(box('Tag 1')).toHaveValue('only');
  });

  it('makes new row keys when code replaces the list', () => {
    let form!: UseFormReturn<Values>;
    renderWithProviders(<TestForm expose={(f) => (form = f)} initial={{ ...start, tags: [{ key: 'a' }] }} />);
    const before = box('Tag 1');
    act(() => form.setValue('tags', [{ key: 'x' }, { key: 'y' }]));
    expect(rows()).toHaveLength(2);
    expect(box('Tag 1')).not.toBe(before);
    expect(box('Tag 2')).toHaveValue('y');
  });
});
