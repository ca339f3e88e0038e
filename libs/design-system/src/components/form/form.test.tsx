import { activateLocale } from '@terrace/i18n';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { renderWithProviders } from '../../testing/render-with-providers';
import { FormDialog } from '../form-dialog/form-dialog';
import { Input } from '../input/input';
import { Toaster } from '../toast/toast';
import { Wizard } from '../wizard/wizard';
import { domainRule, trimmed } from './contract-resolver';
import { ControlledField, Form, useContractForm, useFormWizardSteps } from './form';
import { lazySchema, type LazySchema } from './lazy-schema';
import { SelectField } from './select-field';

// Shaped like a generated contract schema: limits, a pattern and an enum.
const schema = z.object({
  name: trimmed(z.string().check(z.minLength(1), z.maxLength(8), z.regex(/^[a-z]+$/u))),
  size: z.pipe(z.string(), z.enum(['small', 'large'])),
  code: z
    .string()
    .check(
      domainRule((code: string) =>
        code.startsWith('x') ? { id: 'test.code', message: 'Codes never start with x' } : undefined,
      ),
    ),
});
type Values = z.input<typeof schema>;
const empty: Values = { name: '', size: 'small', code: '' };

function TestForm({ onSubmit }: { onSubmit: (values: z.output<typeof schema>) => Promise<void> }) {
  const form = useContractForm({ schema, defaultValues: empty });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <ControlledField<Values, 'name'> name="name" label="Name" required help="Lowercase letters">
        {(field) => <Input {...field} />}
      </ControlledField>
      <ControlledField<Values, 'size'> name="size" label="Size">
        {(field) => <Input {...field} />}
      </ControlledField>
      <ControlledField<Values, 'code'> name="code" label="Code">
        {(field) => <Input {...field} />}
      </ControlledField>
      <button type="submit">Save</button>
    </Form>
  );
}

afterEach(async () => {
  await act(() => activateLocale('en'));
});

describe('Form with a contract schema', () => {
  it('shows each issue kind with its limit, wired to the control for assistive technology', async () => {
    const sent: unknown[] = [];
    const { user } = renderWithProviders(
      <TestForm onSubmit={async (values) => void sent.push(values)} />,
    );
    const name = screen.getByRole('textbox', { name: /Name/ });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Enter a value. Lowercase letters');
    expect(name).toHaveFocus();

    await user.type(name, 'muchtoolong');
    await user.clear(screen.getByRole('textbox', { name: 'Size' }));
    await user.type(screen.getByRole('textbox', { name: 'Size' }), 'huge');
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'x1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(name).toHaveAccessibleDescription('Use at most 8 characters. Lowercase letters');
    expect(screen.getByRole('textbox', { name: 'Size' })).toHaveAccessibleDescription(
      'Choose one of: small, large.',
    );
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveAccessibleDescription(
      'Codes never start with x',
    );

    await user.clear(name);
    await user.type(name, 'ok1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(name).toHaveAccessibleDescription(
      /This value contains characters or a form that are not allowed here\./,
    );
    expect(sent).toEqual([]);

    await user.clear(name);
    await user.type(name, '  ok ');
    await user.clear(screen.getByRole('textbox', { name: 'Size' }));
    await user.type(screen.getByRole('textbox', { name: 'Size' }), 'large');
    await user.clear(screen.getByRole('textbox', { name: 'Code' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // What the submit gets is the parsed value (trimmed).
    await waitFor(() => expect(sent).toEqual([{ name: 'ok', size: 'large', code: '' }]));
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it('translates the messages with the limits interpolated', async () => {
    await act(() => activateLocale('fr'));
    const { user } = renderWithProviders(<TestForm onSubmit={async () => undefined} />);
    const name = screen.getByRole('textbox', { name: /Name/ });
    await user.type(name, 'muchtoolong');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(name).toHaveAccessibleDescription('Utilisez au plus 8 caractères. Lowercase letters');
  });

  it('puts a server field error on its field and keeps what was typed', async () => {
    const { user } = renderWithProviders(
      <TestForm
        onSubmit={() =>
          Promise.reject(
            Object.assign(new Error('Name taken'), { field: 'entity.name', message: 'Name taken' }),
          )
        }
      />,
    );
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'taken');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const name = await screen.findByRole('textbox', { name: /Name/, description: /Name taken/ });
    expect(name).toHaveValue('taken');
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });
});

function TestWizard({ fail }: { fail: (values: z.output<typeof schema>) => Promise<void> }) {
  const form = useContractForm({ schema, defaultValues: { ...empty, name: 'ok' } });
  const steps = useFormWizardSteps(form, [
    {
      id: 'one',
      title: 'First',
      fields: ['name'],
      content: (
        <ControlledField<Values, 'name'> name="name" label="Name">
          {(field) => <Input {...field} />}
        </ControlledField>
      ),
    },
    { id: 'two', title: 'Second', fields: ['size', 'code'], content: <p>Last</p> },
  ]);
  return (
    <Form form={form} onSubmit={fail}>
      <Wizard
        steps={steps}
        onFinish={() =>
          form.handleSubmit(
            async (v) =>
              void (await fail(v).catch(() =>
                form.setError('name', { type: 'server', message: 'Refused' }),
              )),
          )()
        }
      />
    </Form>
  );
}

describe('useFormWizardSteps', () => {
  it('validates a step’s own fields on Next and marks the step that has an error', async () => {
    const { user } = renderWithProviders(
      <TestWizard fail={() => Promise.reject(new Error('no'))} />,
    );
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent(
      'First (has errors)',
    );
    await user.type(name, 'ok');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Last')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    // The error is on a field of the first step: that step is marked, not the current one.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /First \(has errors\)/ })).toBeInTheDocument(),
    );
    expect(screen.getByRole('listitem', { current: 'step' })).not.toHaveTextContent('has errors');
  });
});

describe('FormDialog with a form', () => {
  function Dialog({ onValid }: { onValid: (values: { name: string }) => Promise<unknown> }) {
    const form = useContractForm({
      schema: z.object({ name: trimmed(z.string().check(z.minLength(1), z.maxLength(8))) }),
      defaultValues: { name: '' },
    });
    return (
      <FormDialog
        open
        onOpenChange={() => undefined}
        title="Create"
        submitLabel="Create"
        form={form}
        values={{ name: 'start' }}
        onValid={onValid}
      >
        <ControlledField<{ name: string }, 'name'> name="name" label="Name">
          {(field) => <Input {...field} />}
        </ControlledField>
      </FormDialog>
    );
  }

  it('starts from the given values, checks the limits and marks a field the server refuses', async () => {
    const { user } = renderWithProviders(
      <Dialog
        onValid={() =>
          Promise.reject(
            Object.assign(new Error('x'), { field: 'entity.name', message: 'Already used' }),
          )
        }
      />,
    );
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('start');
    await user.type(name, 'andmore');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(name).toHaveAccessibleDescription('Use at most 8 characters.');
    await user.clear(name);
    await user.type(name, 'taken');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('Already used'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('domainRule', () => {
  it('reports on the same path however many times a nested value is checked', () => {
    const rule = domainRule((group: { mode: string; names: string[] }) => (group.mode === 'some' && group.names.length === 0 ? { id: 'test.names', message: 'Name one' } : undefined), {
      path: ['names'],
    });
    const nested = z.object({ groups: z.array(z.object({ mode: z.string(), names: z.array(z.string()) }).check(rule)) });
    const paths = [1, 2, 3].map(() => nested.safeParse({ groups: [{ mode: 'some', names: [] }] }).error?.issues.map((i) => i.path.join('.')));
    expect(paths).toEqual([['groups.0.names'], ['groups.0.names'], ['groups.0.names']]);
  });
});

describe('useContractForm with a lazySchema', () => {
  function LazyForm({ lazy, onSubmit }: { lazy: LazySchema<typeof schema>; onSubmit: (values: z.output<typeof schema>) => void }) {
    const form = useContractForm({ schema: lazy, defaultValues: empty });
    return (
      <Form form={form} onSubmit={onSubmit}>
        <ControlledField<Values, 'name'> name="name" label="Name" required>
          {(field) => <Input {...field} />}
        </ControlledField>
        <button type="submit">Save</button>
      </Form>
    );
  }

  it('loads the schema at the first press or key, and its first check waits for it', async () => {
    let release: (loaded: typeof schema) => void = () => undefined;
    let loads = 0;
    const lazy = lazySchema(() => {
      loads += 1;
      return new Promise<typeof schema>((resolve) => (release = resolve));
    });
    const sent: unknown[] = [];
    const { user } = renderWithProviders(<LazyForm lazy={lazy} onSubmit={(values) => void sent.push(values)} />);
    expect(loads).toBe(0);
    const name = screen.getByRole('textbox', { name: /Name/ });
    await user.type(name, 'BAD');
    expect(loads).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(name).not.toHaveAttribute('aria-invalid');
    act(() => release(schema));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription(/not allowed here/);
    await user.clear(name);
    await user.type(name, 'good');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([{ name: 'good', size: 'small', code: '' }]));
    expect(loads).toBe(1);
  });

  it('stops the submit with a message when the schema cannot load, and tries again at the next one', async () => {
    let offline = true;
    let attempts = 0;
    const lazy = lazySchema(() => {
      attempts += 1;
      return offline ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve(schema);
    });
    const sent: unknown[] = [];
    const { user } = renderWithProviders(
      <>
        <LazyForm lazy={lazy} onSubmit={(values) => void sent.push(values)} />
        <Toaster />
      </>,
    );
    const name = screen.getByRole('textbox', { name: /Name/ });
    await user.type(name, 'good');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/The form's checks could not be loaded/)).toBeInTheDocument();
    expect(sent).toEqual([]);
    const failed = attempts;
    offline = false;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([{ name: 'good', size: 'small', code: '' }]));
    expect(attempts).toBe(failed + 1);
  });
});

describe('SelectField', () => {
  const orderSchema = z.object({
    size: z.enum(['small', 'large']),
    topping: z.string(),
  });
  type Order = z.input<typeof orderSchema>;
  const sizes = [
    { value: 'small', label: 'Small' },
    { value: 'large', label: 'Large' },
  ];

  function OrderForm({
    initial,
    onSubmit,
    onSize,
  }: {
    initial: Order;
    onSubmit: (values: z.output<typeof orderSchema>) => Promise<void>;
    onSize?: (value: string, sizeInForm: string) => void;
  }) {
    const form = useContractForm({ schema: orderSchema, defaultValues: initial });
    return (
      <Form form={form} onSubmit={onSubmit}>
        <SelectField<Order, 'size'>
          name="size"
          label="Size"
          help="How big"
          required
          placeholder="Choose a size"
          options={sizes}
          onValueChange={(value) => {
            onSize?.(value, form.getValues('size'));
            form.setValue('topping', '');
          }}
        />
        <ControlledField<Order, 'topping'> name="topping" label="Topping">
          {(field) => <Input {...field} />}
        </ControlledField>
        <button type="submit">Save</button>
      </Form>
    );
  }

  async function choose(user: ReturnType<typeof renderWithProviders>['user'], label: string) {
    await user.click(screen.getByRole('combobox', { name: /Size/ }));
    await screen.findAllByRole('option');
    await user.click(screen.getByRole('option', { name: label }));
  }

  it('wires its label, help and required mark to the select’s trigger, showing the field’s value', () => {
    renderWithProviders(<OrderForm initial={{ size: 'small', topping: '' }} onSubmit={async () => undefined} />);
    const trigger = screen.getByRole('combobox', { name: /Size/ });
    expect(trigger).toHaveTextContent('Small');
    expect(trigger).toHaveAccessibleDescription('How big');
    expect(trigger).toHaveAttribute('aria-required', 'true');
    expect(trigger).not.toHaveAttribute('aria-invalid');
  });

  it('puts the chosen option in the form, which submits it', async () => {
    const sent: unknown[] = [];
    const { user } = renderWithProviders(
      <OrderForm initial={{ size: 'small', topping: 'cheese' }} onSubmit={async (values) => void sent.push(values)} />,
    );
    await choose(user, 'Large');
    expect(screen.getByRole('combobox', { name: /Size/ })).toHaveTextContent('Large');
    await user.type(screen.getByRole('textbox', { name: 'Topping' }), 'olives');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([{ size: 'large', topping: 'olives' }]));
  });

  it('calls onValueChange once the field has the value, where a dependent field is reset', async () => {
    const calls: [string, string][] = [];
    const { user } = renderWithProviders(
      <OrderForm
        initial={{ size: 'small', topping: 'cheese' }}
        onSubmit={async () => undefined}
        onSize={(value, sizeInForm) => void calls.push([value, sizeInForm])}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Topping' })).toHaveValue('cheese');
    await choose(user, 'Large');
    expect(calls).toEqual([['large', 'large']]);
    expect(screen.getByRole('textbox', { name: 'Topping' })).toHaveValue('');
  });

  it('marks and focuses its trigger when the value is refused', async () => {
    const sent: unknown[] = [];
    const { user } = renderWithProviders(
      <OrderForm
        initial={{ size: '' as Order['size'], topping: '' }}
        onSubmit={async (values) => void sent.push(values)}
      />,
    );
    const trigger = screen.getByRole('combobox', { name: /Size/ });
    expect(trigger).toHaveTextContent('Choose a size');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(trigger).toHaveAttribute('aria-invalid', 'true'));
    expect(trigger).toHaveAccessibleDescription('Choose one of: small, large. How big');
    expect(trigger).toHaveFocus();
    expect(sent).toEqual([]);
  });
});
