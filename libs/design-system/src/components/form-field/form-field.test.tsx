import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { Input } from '../input/input';
import { FormField } from './form-field';

describe('FormField', () => {
  it('labels the control and describes it with help text', () => {
    renderWithProviders(
      <FormField label="Stack name" help="Letters and digits only">
        <Input />
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Stack name' });
    expect(input).toHaveAccessibleDescription('Letters and digits only');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('marks an error as invalid and reads it before the help', () => {
    renderWithProviders(
      <FormField label="Key" help="The variable key" error="Key must not start with a digit" required>
        <Input />
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: /Key/ });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toBeRequired();
    expect(input).toHaveAccessibleDescription('Key must not start with a digit The variable key');
  });

  it('keeps a caller-provided id', () => {
    renderWithProviders(
      <FormField label="Region" id="region">
        <Input />
      </FormField>,
    );
    expect(screen.getByRole('textbox', { name: 'Region' })).toHaveAttribute('id', 'region');
  });
});
