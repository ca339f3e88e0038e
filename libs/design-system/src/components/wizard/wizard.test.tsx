import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { useForm } from '../../lib/form-engine/form-engine';
import { FormField } from '../form-field/form-field';
import { Input } from '../input/input';
import { Wizard } from './wizard';

function CreateStack({
  onFinish,
  onCancel,
}: {
  onFinish: (values: { name: string; region: string }) => void;
  onCancel?: () => void;
}) {
  const form = useForm({ defaultValues: { name: '', region: '' } });
  const { errors } = form.formState;
  return (
    <Wizard
      onFinish={() => onFinish(form.getValues())}
      onCancel={onCancel}
      finishLabel="Create stack"
      steps={[
        {
          id: 'name',
          title: 'Name',
          validate: () => form.trigger('name'),
          content: (
            <FormField label="Stack name" error={errors.name?.message} required>
              <Input {...form.register('name', { required: 'Name is required' })} />
            </FormField>
          ),
        },
        {
          id: 'region',
          title: 'Region',
          validate: () => form.trigger('region'),
          content: (
            <FormField label="Region" error={errors.region?.message} required>
              <Input {...form.register('region', { required: 'Region is required' })} />
            </FormField>
          ),
        },
        { id: 'review', title: 'Review', content: <p>Ready.</p> },
      ]}
    />
  );
}

describe('Wizard', () => {
  it('stays on a step that does not validate and shows its error', async () => {
    const { user } = renderWithProviders(<CreateStack onFinish={vi.fn()} />);
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
  });

  it('goes forward on valid steps, back without validation, and finishes', async () => {
    const onFinish = vi.fn();
    const { user } = renderWithProviders(<CreateStack onFinish={onFinish} />);
    await user.type(screen.getByRole('textbox', { name: /Stack name/ }), 'prod-network');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Step 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Region');

    // Back needs no valid region.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Stack name/ })).toHaveValue('prod-network');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByRole('textbox', { name: /Region/ }), 'eu-west-1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Step 3 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create stack' }));
    await waitFor(() =>
      expect(onFinish).toHaveBeenCalledWith({ name: 'prod-network', region: 'eu-west-1' }),
    );
  });

  it('disables Back on the first step', () => {
    renderWithProviders(<CreateStack onFinish={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
  });

  it('goes to the next step on Enter in a field and moves focus to its heading', async () => {
    const { user } = renderWithProviders(<CreateStack onFinish={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: /Stack name/ }), 'prod-network{Enter}');
    expect(await screen.findByText('Step 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Region' })).toHaveFocus();
  });

  it('lets the user pick a visited step, validating the steps in between on the way forward', async () => {
    const { user } = renderWithProviders(<CreateStack onFinish={vi.fn()} />);
    // Upcoming steps are not buttons until visited.
    expect(screen.queryByRole('button', { name: /Region/ })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Stack name/ }), 'prod-network');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: /Name/ }));
    expect(await screen.findByText('Step 1 of 3')).toBeInTheDocument();

    // Forward to the visited step 2 passes step 1's check: an emptied name stops it there.
    await user.clear(screen.getByRole('textbox', { name: /Stack name/ }));
    await user.click(screen.getByRole('button', { name: /Region/ }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Stack name/ }), 'edge');
    await user.click(screen.getByRole('button', { name: /Region/ }));
    expect(await screen.findByText('Step 2 of 3')).toBeInTheDocument();
  });

  it('marks a step with errors in the step list and offers Cancel', async () => {
    const onCancel = vi.fn();
    const { user } = renderWithProviders(
      <Wizard
        onFinish={vi.fn()}
        onCancel={onCancel}
        steps={[
          { id: 'a', title: 'Source', content: <p>a</p>, invalid: true },
          { id: 'b', title: 'Target', content: <p>b</p> },
        ]}
      />,
    );
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Source (has errors)');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
