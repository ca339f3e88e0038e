import { screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { FormField } from '../form-field/form-field';
import { OptionSelect } from './option-select';

const sizes = [
  { value: 'small', label: 'Small' },
  { value: 'large', label: 'Large' },
  { value: 'huge', label: 'Huge', disabled: true },
];

function Field({ initial, error }: { initial?: string; error?: string }) {
  const [value, setValue] = useState(initial);
  const ref = useRef<HTMLButtonElement>(null);
  return (
    <>
      <FormField label="Size" help="How big" required error={error}>
        <OptionSelect ref={ref} value={value} options={sizes} onValueChange={setValue} placeholder="Choose a size" />
      </FormField>
      <button type="button" onClick={() => ref.current?.focus()}>
        Focus the select
      </button>
      <output aria-label="value">{value}</output>
    </>
  );
}

describe('OptionSelect', () => {
  it('shows the placeholder closed, wired to its FormField, before any Radix code loads', () => {
    renderWithProviders(<Field error="Choose one" />);
    const trigger = screen.getByRole('combobox', { name: /Size/ });
    expect(trigger).toHaveTextContent('Choose a size');
    expect(trigger).toHaveAttribute('data-placeholder');
    expect(trigger).toHaveAttribute('aria-invalid', 'true');
    expect(trigger).toHaveAccessibleDescription('Choose one How big');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens on the first press once loaded, offers the options and takes a choice', async () => {
    const { user } = renderWithProviders(<Field />);
    await user.click(screen.getByRole('combobox', { name: /Size/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Small', 'Large', 'Huge']);
    expect(screen.getByRole('option', { name: 'Huge' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('option', { name: 'Large' }));
    expect(screen.getByLabelText('value')).toHaveTextContent('large');
    expect(screen.getByRole('combobox', { name: /Size/ })).toHaveTextContent('Large');
  });

  it('gives the caller its trigger, before and after loading (a form focuses a refused field)', async () => {
    const { user } = renderWithProviders(<Field initial="small" />);
    await user.click(screen.getByRole('button', { name: 'Focus the select' }));
    expect(screen.getByRole('combobox', { name: /Size/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Focus the select' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Size/ })).toHaveFocus());
  });

  it('cannot be opened when disabled', async () => {
    function Disabled() {
      return <OptionSelect aria-label="Size" value="small" options={sizes} onValueChange={() => undefined} disabled />;
    }
    // The select's code is loaded already, so an opening would show within the wait below.
    await import('./option-select-radix');
    const { user } = renderWithProviders(<Disabled />);
    const trigger = screen.getByRole('combobox', { name: 'Size' });
    expect(trigger).toBeDisabled();
    await user.click(trigger);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('option')).toBeNull();
  });
});
