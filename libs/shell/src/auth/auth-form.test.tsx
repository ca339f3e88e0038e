import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useAuthForm } from './auth-form';

interface Values {
  name: string;
  password: string;
  confirmPassword: string;
}

function Form({ onValid }: { onValid: (values: Values) => void }) {
  const form = useAuthForm<Values>({ defaultValues: { name: 'Ada', password: '', confirmPassword: '' } });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(onValid)(e)}>
      <label>
        Name
        <input {...form.register('name', { validate: (v) => (v.trim() ? true : 'Enter a name') })} />
      </label>
      {errors.name && <p>{errors.name.message}</p>}
      <label>
        Password
        <input type="password" {...form.register('password', { required: 'Enter a password' })} />
      </label>
      {errors.password && <p>{errors.password.message}</p>}
      <label>
        Confirm
        <input type="password" {...form.register('confirmPassword', { validate: (v, all) => (v === all.password ? true : 'They differ') })} />
      </label>
      {errors.confirmPassword && <p>{errors.confirmPassword.message}</p>}
      <button type="submit">Send</button>
    </form>
  );
}

describe('useAuthForm', () => {
  it('starts from the default values and checks nothing before the first submit', async () => {
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    const user = userEvent.setup();
    expect(screen.getByLabelText('Name')).toHaveValue('Ada');
    await user.clear(screen.getByLabelText('Name'));
    expect(screen.queryByText('Enter a name')).not.toBeInTheDocument();
  });

  it('on submit shows every field’s error, focuses the first one and sends nothing', async () => {
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Confirm'), 'x');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Enter a name')).toBeInTheDocument();
    expect(screen.getByText('Enter a password')).toBeInTheDocument();
    expect(screen.getByText('They differ')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('once submitted, checks a field again as it changes, with the other fields’ values', async () => {
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Enter a password')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await user.type(screen.getByLabelText('Password'), 'secret1');
    expect(screen.queryByText('Enter a password')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm'), 'secret');
    expect(screen.getByText('They differ')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm'), '1');
    expect(screen.queryByText('They differ')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onValid).toHaveBeenCalledWith({ name: 'Ada', password: 'secret1', confirmPassword: 'secret1' });
  });
});
