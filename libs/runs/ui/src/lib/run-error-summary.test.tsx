import { renderWithProviders } from '@terrace/design-system/testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RunErrorSummary } from './run-error-summary';

describe('RunErrorSummary', () => {
  it('says the error came before the steps, in the user’s words, with the cause the server gave', () => {
    renderWithProviders(
      <RunErrorSummary errorSummary="This error occurred before individual steps could be executed: git clone: authentication required" steps={[{ status: 'notStarted' }]} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This error occurred before individual steps could be executed');
    expect(alert).toHaveTextContent(/^This error occurred before individual steps could be executedgit clone: authentication required$/);
  });

  it('says so too when no step failed, whatever the server wrote', () => {
    renderWithProviders(<RunErrorSummary errorSummary="binary download failed: checksum mismatch" steps={[{ status: 'succeeded' }, { status: 'notStarted' }]} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This error occurred before individual steps could be executedbinary download failed: checksum mismatch');
  });

  it('is the run’s failure when a step failed, and nothing without a summary', () => {
    const { rerender } = renderWithProviders(<RunErrorSummary errorSummary="Error: creating EC2 Instance" steps={[{ status: 'failed' }]} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The run failedError: creating EC2 Instance');
    rerender(<RunErrorSummary errorSummary={undefined} steps={[{ status: 'failed' }]} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
