import { screen } from '@testing-library/react';
import { activateLocale } from '@terrace/i18n';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { describeError } from './describe-error';
import { ErrorState } from './error-state';

describe('describeError', () => {
  it('reads message, status and request id from an API error', () => {
    const apiError = Object.assign(new Error('Stack not found'), {
      status: 404,
      code: 'notFound',
      requestId: 'req-1',
    });
    expect(describeError(apiError)).toEqual({
      message: 'Stack not found',
      descriptor: null,
      status: 404,
      requestId: 'req-1',
    });
  });

  it('gives nulls for values it cannot read', () => {
    const none = { message: null, descriptor: null, status: null, requestId: null };
    expect(describeError(undefined)).toEqual(none);
    expect(describeError({ message: 42 })).toEqual(none);
    expect(describeError('')).toEqual(none);
  });

  it("shows an API error's catalogue text in the active language, not its English message", async () => {
    await activateLocale('ja');
    onTestFinished(() => activateLocale('en'));
    // The api-client's ApiError: an English message and the descriptor of the catalogue text.
    const notFound = Object.assign(new Error('Not Found'), {
      status: 404,
      requestId: 'req-9',
      descriptor: { id: 'http.notFound', message: 'Not Found' },
    });
    renderWithProviders(<ErrorState error={notFound} />);
    expect(screen.getByText('見つかりません')).toBeInTheDocument();
    expect(screen.queryByText('Not Found')).toBeNull();
  });
});

describe('ErrorState', () => {
  it('shows the error message, the request id and retries', async () => {
    const onRetry = vi.fn();
    const { user } = renderWithProviders(
      <ErrorState
        error={Object.assign(new Error('Gateway timeout'), { requestId: 'abc-123' })}
        onRetry={onRetry}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('Gateway timeout');
    expect(alert).toHaveTextContent('abc-123');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('falls back to a generic message for an unknown error and has no retry without a handler', () => {
    renderWithProviders(<ErrorState error={null} title="Could not load stacks" />);
    expect(screen.getByRole('heading', { name: 'Could not load stacks' })).toBeInTheDocument();
    expect(screen.getByText('An unexpected error occurred.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
