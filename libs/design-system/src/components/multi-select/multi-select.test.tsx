import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { FormField } from '../form-field/form-field';
import { MultiSelect, type MultiSelectOption } from './multi-select';

const regions: MultiSelectOption[] = [
  { value: 'us-east-1', label: 'US East (N. Virginia)' },
  { value: 'us-west-2', label: 'US West (Oregon)' },
  { value: 'eu-west-1', label: 'Europe (Ireland)' },
  { value: 'eu-central-1', label: 'Europe (Frankfurt)', disabled: true },
  { value: 'ap-northeast-1', label: 'Asia Pacific (Tokyo)' },
];

function Harness({ initial = [] as string[] }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <>
      <FormField label="Regions" help="Where drift is checked">
        <MultiSelect options={regions} value={value} onValueChange={setValue} />
      </FormField>
      <output aria-label="value">{value.join(',')}</output>
    </>
  );
}

describe('MultiSelect', () => {
  it('is labelled by its FormField and opens a multi-select listbox', async () => {
    const { user } = renderWithProviders(<Harness />);
    const trigger = screen.getByRole('button', { name: 'Regions' });
    expect(trigger).toHaveAccessibleDescription('Where drift is checked');
    await user.click(trigger);
    // The popover's code loads at this first press; the list opens once it has.
    const listbox = await screen.findByRole('listbox');
    expect(listbox).toHaveAttribute('aria-multiselectable', 'true');
    expect(screen.getAllByRole('option')).toHaveLength(5);
  });

  it('in a required field, keeps aria-required off its button (not allowed there) and its error on it', () => {
    renderWithProviders(
      <FormField label="Runner groups" required error="Choose a group">
        <MultiSelect options={regions} value={[]} onValueChange={() => undefined} />
      </FormField>,
    );
    const trigger = screen.getByRole('button', { name: /Runner groups/ });
    expect(trigger).not.toHaveAttribute('aria-required');
    expect(trigger).toHaveAttribute('aria-invalid', 'true');
  });

  it('filters by search and toggles with the keyboard', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Regions' }));
    const search = await screen.findByRole('combobox', { name: 'Search options' });
    expect(search).toHaveFocus();
    await user.keyboard('europe');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Europe (Ireland)',
      'Europe (Frankfurt)',
    ]);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('option', { name: 'Europe (Ireland)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // The disabled option cannot be chosen.
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('option', { name: 'Europe (Frankfurt)' })).toHaveAttribute(
      'aria-selected',
      'false',
    );
    await user.clear(search);
    await user.keyboard('{End}');
    expect(search).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Asia Pacific (Tokyo)' }).id,
    );
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('value')).toHaveTextContent('eu-west-1,ap-northeast-1');
  });

  it('deselects a selected option by clicking it and clears all', async () => {
    const { user } = renderWithProviders(<Harness initial={['us-east-1', 'us-west-2']} />);
    const trigger = screen.getByRole('button', { name: 'Regions' });
    expect(trigger).toHaveTextContent('US East (N. Virginia)');
    await user.click(trigger);
    await user.click(screen.getByRole('option', { name: 'US East (N. Virginia)' }));
    expect(screen.getByLabelText('value')).toHaveTextContent(/^us-west-2$/);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByLabelText('value')).toHaveTextContent(/^$/);
  });

  it('collapses many selections into +N more', () => {
    renderWithProviders(
      <Harness initial={['us-east-1', 'us-west-2', 'eu-west-1', 'ap-northeast-1']} />,
    );
    expect(screen.getByRole('button', { name: 'Regions' })).toHaveTextContent('+1 more');
  });
});
