import { renderWithProviders } from '@terrace/design-system/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PolicyResultsPanel } from './policy-results-panel';
import { policyResultsFixture } from './policy-results-panel.fixtures';

describe('PolicyResultsPanel', () => {
  it('lists the results worst first by severity score, with Unable to Check for errors', () => {
    renderWithProviders(<PolicyResultsPanel results={policyResultsFixture} />);
    const table = screen.getByRole('table', { name: 'Control policy results, worst first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Keep databasesDeny resource deletion',
      'No public buckets (Rego)OPA Rego',
      'Tag every resource with its ownerRequired tags (AWS)',
      'EU regions onlyAllowed regions (AWS)',
      'Legacy check',
    ]);
    expect(within(rows[1] as HTMLElement).getByText('Unable to Check')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('opa: rego_parse_error: unexpected eof')).toBeInTheDocument();
    // The score of a row the runner did not score comes from the table of spec §4 (passed soft 2).
    expect(within(rows[4] as HTMLElement).getAllByRole('cell')[3]).toHaveTextContent('2');
    expect(screen.getByText('2 failed, 1 unable to check, 2 passed')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Resources that failed Keep databases' })).toHaveTextContent('aws_db_instance.main: deleted');
  });

  it('says when no policy applies, and when the step has not run', () => {
    const { rerender } = renderWithProviders(<PolicyResultsPanel results={[]} />);
    expect(screen.getByText('No control policy applies')).toBeInTheDocument();
    rerender(<PolicyResultsPanel results={undefined} />);
    expect(screen.getByText('The control policies have not been evaluated yet.')).toBeInTheDocument();
  });

  it('shows the action it is given', () => {
    renderWithProviders(<PolicyResultsPanel results={policyResultsFixture} action={<button type="button">Approve failed policies</button>} />);
    expect(screen.getByRole('button', { name: 'Approve failed policies' })).toBeInTheDocument();
  });
});
