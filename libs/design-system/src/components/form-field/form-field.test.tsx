import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { Input } from '../input/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../select/select';
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
      <FormField
        label="Key"
        help="The variable key"
        error="Key must not start with a digit"
        required
      >
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

describe('FormField with a Select', () => {
  it('wires the label and description to the trigger inside the Select root', () => {
    renderWithProviders(
      <FormField label="Region" help="Used by new stacks" error="Pick a region">
        <Select>
          <SelectTrigger>
            <SelectValue placeholder="Choose" />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="eu">eu-west-1</SelectItem>
          </SelectContent>
        </Select>
      </FormField>,
    );
    const trigger = screen.getByRole('combobox', { name: 'Region' });
    expect(trigger).toHaveAccessibleDescription('Pick a region Used by new stacks');
    expect(trigger).toHaveAttribute('aria-invalid', 'true');
  });
});
