import { envelope, errorResponse, handle } from '@terrace/api-client/testing';
import { remoteRunFixture } from '@terrace/runs/data-access/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../testing/render-page';
import { RemoteRunPage } from './remote-run-page';

const server = setupMsw();

function open() {
  return renderPage({ path: 'remoteRun/:runId', element: <RemoteRunPage />, url: '/app/remoteRun/rr-1', otherPaths: ['stack/:stackId'] });
}

describe('RemoteRunPage', () => {
  it('shows a command-line plan: status, who ran it, and what it changes', async () => {
    const asked: (string | null)[] = [];
    server.use(handle('get', '/stack/remoteRun/details', ({ query }) => (asked.push(query.get('runId')), envelope([remoteRunFixture()]))));
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Remote plan' })).toBeInTheDocument();
    expect(asked).toEqual(['rr-1']);
    expect(screen.getByText(/Started by Ada Lovelace on/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Stack' })).toHaveAttribute('href', '/app/stack/stk-1');
    const changes = screen.getByRole('table', { name: 'Resource changes' });
    expect(within(changes).getByText('aws_nat_gateway.main')).toBeInTheDocument();
    expect(within(changes).getByText('vpc-0a1b2c3d')).toBeInTheDocument();
  });

  it('renders the error of a run that cannot be read, with a retry', async () => {
    server.use(handle('get', '/stack/remoteRun/details', () => errorResponse(404, 'not_found', 'Run not found')));
    open();
    expect(await screen.findByRole('button', { name: /retry/i })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Remote run' })).toBeInTheDocument();
  });
});
