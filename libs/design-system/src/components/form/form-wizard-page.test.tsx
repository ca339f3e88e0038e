import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { renderWithProviders } from '../../testing/render-with-providers';
import { Input } from '../input/input';
import { trimmed } from './contract-resolver';
import { ControlledField, useContractForm } from './form';
import { FormWizardEntity, FormWizardPage } from './form-wizard-page';

const schema = z.object({
  name: trimmed(z.string().check(z.minLength(1), z.maxLength(8))),
  size: trimmed(z.string().check(z.minLength(1))),
});
type Values = z.input<typeof schema>;
const steps = [
  { id: 'general', fields: ['name'] },
  { id: 'sizing', fields: ['size'] },
] as const;

function Page({ onSubmit, parent }: { onSubmit: (values: z.output<typeof schema>) => Promise<unknown>; parent?: string }) {
  const form = useContractForm({ schema, defaultValues: { name: '', size: '' } });
  return (
    <FormWizardPage
      title="Create thing"
      trail={[<a key="list" href="/things">Things</a>, parent !== undefined && <a key="parent" href="/things/1">{parent}</a>]}
      current={parent ? 'Edit' : 'Create'}
      form={form}
      steps={steps}
      content={{
        general: {
          title: 'Name',
          content: (
            <ControlledField<Values, 'name'> name="name" label="Name">
              {(field) => <Input {...field} />}
            </ControlledField>
          ),
        },
        sizing: {
          title: 'Size',
          content: (
            <ControlledField<Values, 'size'> name="size" label="Size">
              {(field) => <Input {...field} />}
            </ControlledField>
          ),
        },
      }}
      serverFields={{ 'entity.dimensions': 'size' }}
      submitLabel="Create thing"
      onSubmit={onSubmit}
      onCancel={() => undefined}
    />
  );
}

describe('FormWizardPage', () => {
  it('names where it sits, leaving out a parent it does not have', () => {
    const { unmount } = renderWithProviders(<Page onSubmit={async () => undefined} />);
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Things', 'Create']);
    expect(screen.getByRole('heading', { level: 1, name: 'Create thing' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<Page onSubmit={async () => undefined} parent="Widget" />);
    const edit = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(edit).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Things', 'Widget', 'Edit']);
    expect(within(edit).getByRole('link', { name: 'Widget' })).toHaveAttribute('href', '/things/1');
  });

  it('validates each step on Next, sends the parsed values, and takes a refused field back to its step', async () => {
    const sent: unknown[] = [];
    const { user } = renderWithProviders(
      <Page
        onSubmit={async (values) => {
          sent.push(values);
          throw Object.assign(new Error('Too big'), { field: 'entity.dimensions', message: 'Too big' });
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Enter a value.');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), ' box ');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByRole('textbox', { name: 'Size' }), 'xl');
    await user.click(screen.getByRole('button', { name: 'Create thing' }));
    await waitFor(() => expect(sent).toEqual([{ name: 'box', size: 'xl' }]));
    expect(await screen.findByRole('textbox', { name: 'Size', description: 'Too big' })).toHaveValue('xl');
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Size (has errors)');
  });
});

describe('FormWizardEntity', () => {
  const query = { data: undefined, isPending: false, isError: true, isFetching: false, error: new Error('Not Found'), refetch: () => undefined };

  it('shows the error with a retry under the page title, and the wizard once the object is there', () => {
    const { unmount } = renderWithProviders(
      <FormWizardEntity query={query} title="Edit thing">
        {() => <p>wizard</p>}
      </FormWizardEntity>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Edit thing' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /retry/i })).toBeInTheDocument();
    expect(screen.queryByText('wizard')).not.toBeInTheDocument();
    unmount();
    renderWithProviders(
      <FormWizardEntity query={{ ...query, isError: false, error: null, data: { name: 'box' } }} title="Edit thing">
        {(thing) => <p>wizard for {thing.name}</p>}
      </FormWizardEntity>,
    );
    expect(screen.getByText('wizard for box')).toBeInTheDocument();
  });
});
