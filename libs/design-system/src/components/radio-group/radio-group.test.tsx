import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Label } from '../label/label';
import { RadioGroup, RadioGroupItem } from './radio-group';

function Policy({ dir }: { dir?: 'ltr' | 'rtl' }) {
  return (
    <div dir={dir}>
      <RadioGroup defaultValue="a" aria-label="Approval policy">
        {[
          ['a', 'Require approval'],
          ['b', 'Require two approvals'],
          ['c', 'Approve automatically'],
        ].map(([value, label]) => (
          <div key={value} className="flex items-center gap-2">
            <RadioGroupItem value={value ?? ''} id={`r-${value}`} />
            <Label htmlFor={`r-${value}`}>{label}</Label>
          </div>
        ))}
      </RadioGroup>
    </div>
  );
}

describe('RadioGroup', () => {
  it('selects with the arrow keys (roving focus: one tab stop, arrows move and check)', async () => {
    const user = userEvent.setup();
    render(<Policy />);
    const [first, second, third] = screen.getAllByRole('radio');
    await user.tab();
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    expect(second).toBeChecked();
    await user.keyboard('{ArrowRight}');
    expect(third).toBeChecked();
    await user.keyboard('{ArrowUp}');
    expect(second).toBeChecked();
    expect(first).not.toBeChecked();
  });
});
