import { envelope, errorResponse, handle } from '@terrace/api-client/testing';
import { stackFixture, stackOutputFixture, stateLockFixture, stateVersionFixture } from '@terrace/stacks/data-access/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage, setupMsw } from '../testing/render-page';
import { sessionHandlers } from '../testing/session-handlers';
import { StackOutputsTab } from './stack-outputs-tab';
import { StackStateTab } from './stack-state-tab';

const server = setupMsw();
const stack = stackFixture({ id: 'stk-1', name: 'network' });

describe('StackStateTab', () => {
  it('lists the versions paged on the server with the status filter in the URL, and explains quarantined ones', async () => {
    const searches: Record<string, string>[] = [];
    server.use(
      ...sessionHandlers(),
      handle('get', '/stack/stateLock', () => envelope([])),
      handle('get', '/stack/stateVersion', ({ request }) => {
        searches.push(Object.fromEntries(new URL(request.url).searchParams));
        return envelope(
          [
            stateVersionFixture({ id: 'sv-3', serial: 3 }),
            stateVersionFixture({ id: 'sv-2', serial: 2, status: 'quarantined', reason: 'The state’s serial 1 is lower than the current serial 2.', createdBy: { kind: 'job', id: 'job-1', name: 'job-1' } }),
            stateVersionFixture({ id: 'sv-1', serial: 1, status: 'superseded' }),
          ],
          { paging: { page: 1, pageSize: 20, total: 3 } },
        );
      }),
    );
    const { user } = renderPage({ path: 'stack/:stackId', element: <StackStateTab stack={stack} />, url: '/app/stack/stk-1?tab=state' });
    expect(await screen.findByText('The state is not locked.')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'State versions' });
    const quarantined = (await within(table).findByText('Quarantined')).closest('tr') as HTMLElement;
    expect(quarantined).toHaveTextContent('The state’s serial 1 is lower than the current serial 2.');
    expect(quarantined).toHaveTextContent('job-1 · Run');
    // The current version cannot be rolled back to; the others can.
    expect(within(table).getByRole('button', { name: 'Roll back to serial 3' })).toBeDisabled();
    expect(within(table).getByRole('button', { name: 'Roll back to serial 1' })).toBeEnabled();
    expect(searches[0]).toEqual({ stackId: 'stk-1', page: '1', pageSize: '20' });

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Quarantined' }));
    await waitFor(() => expect(searches.at(-1)).toEqual({ stackId: 'stk-1', page: '1', pageSize: '20', status: 'quarantined' }));
    // The snippet of the http backend names this stack's addresses.
    const snippet = screen.getByRole('region', { name: 'Use this state from the Terraform CLI' });
    expect(snippet.textContent).toMatch(/address {8}= "http:\/\/localhost(:\d+)?\/api\/state\/stk-1"/);
    expect(snippet.textContent).toMatch(/unlock_address = "http:\/\/localhost(:\d+)?\/api\/state\/stk-1\/lock"/);
  });

  it('rolls back only after the stack’s name is typed, and downloads a version', async () => {
    const rolledBack: unknown[] = [];
    const downloads: string[] = [];
    server.use(
      ...sessionHandlers(),
      handle('get', '/stack/stateLock', () => envelope([])),
      handle('get', '/stack/stateVersion', () =>
        envelope([stateVersionFixture({ id: 'sv-2', serial: 2 }), stateVersionFixture({ id: 'sv-1', serial: 1, status: 'superseded' })], { paging: { page: 1, pageSize: 20, total: 2 } }),
      ),
      handle('post', '/stack/stateVersion/rollback', ({ body }) => {
        rolledBack.push(body?.entity);
        return envelope([stateVersionFixture({ id: 'sv-3', serial: 3, rolledBackFrom: 'sv-1' })]);
      }),
      handle('get', '/stack/stateVersion/content', ({ request }) => {
        downloads.push(new URL(request.url).searchParams.get('stateVersionId') ?? '');
        return envelope([{ id: 'sv-1', stackId: 'stk-1', serial: 1, content: '{"version":4}\n' }]);
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:state');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderPage({ path: 'stack/:stackId', element: <StackStateTab stack={stack} />, url: '/app/stack/stk-1?tab=state' });
    const table = await screen.findByRole('table', { name: 'State versions' });

    await user.click(await within(table).findByRole('button', { name: 'Download serial 1' }));
    await waitFor(() => expect(downloads).toEqual(['sv-1']));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(clicked).toHaveBeenCalledTimes(1);
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('network-1.tfstate');

    await user.click(within(table).getByRole('button', { name: 'Roll back to serial 1' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Roll back network to serial 1?');
    const confirm = within(dialog).getByRole('button', { name: 'Roll back' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), 'network');
    await user.click(confirm);
    expect(await screen.findByText('network rolled back: serial 3 is now current.')).toBeInTheDocument();
    expect(rolledBack).toEqual([{ stackId: 'stk-1', stateVersionId: 'sv-1' }]);
  });

  it('shows who holds the lock and releases it after confirmation; a refused release keeps the dialog open', async () => {
    let lock = [stateLockFixture()];
    const released: unknown[] = [];
    let refuse = true;
    server.use(
      ...sessionHandlers(),
      handle('get', '/stack/stateLock', () => envelope(lock)),
      handle('get', '/stack/stateVersion', () => envelope([], { paging: { page: 1, pageSize: 20, total: 0 } })),
      handle('post', '/stack/stateLock/forceUnlock', ({ body }) => {
        if (refuse) {
          refuse = false;
          return errorResponse(409, 'conflict', 'The state was locked again since, with ID other (by ci)');
        }
        released.push(body?.entity);
        lock = [];
        return envelope([{}]);
      }),
    );
    const { user } = renderPage({ path: 'stack/:stackId', element: <StackStateTab stack={stack} />, url: '/app/stack/stk-1?tab=state' });
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('ada@example.com (User) · ada@laptop');
    expect(status).toHaveTextContent('Apply');
    expect(screen.getByRole('heading', { name: 'No state yet' })).toBeInTheDocument();

    await user.click(within(status).getByRole('button', { name: 'Release lock' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByRole('textbox'), 'network');
    await user.click(within(dialog).getByRole('button', { name: 'Release lock' }));
    // The client's catalogue answers a conflict with its own words; the dialog stays for another try.
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Release lock' }));
    expect(await screen.findByText('The state lock of network was released.')).toBeInTheDocument();
    expect(released).toEqual([{ stackId: 'stk-1', lockId: stateLockFixture().lockId }]);
    expect(await screen.findByText('The state is not locked.')).toBeInTheDocument();
  });

  it('keeps the release and rollback buttons disabled, with the reason, for a viewer', async () => {
    server.use(
      ...sessionHandlers('viewer'),
      handle('get', '/stack/stateLock', () => envelope([stateLockFixture()])),
      handle('get', '/stack/stateVersion', () => envelope([stateVersionFixture({ id: 'sv-1', serial: 1, status: 'superseded' })], { paging: { page: 1, pageSize: 20, total: 1 } })),
    );
    renderPage({ path: 'stack/:stackId', element: <StackStateTab stack={stack} />, url: '/app/stack/stk-1?tab=state' });
    const release = await screen.findByRole('button', { name: 'Release lock' });
    await waitFor(() => expect(release).toBeDisabled());
    expect(release.closest('[data-slot="disabled-reason"]')).toHaveAccessibleDescription(/Your role does not allow this/);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Roll back to serial 1' })).toBeDisabled());
  });
});

describe('StackOutputsTab', () => {
  it('shows values, masks sensitive ones and reveals one on request', async () => {
    const revealed: unknown[] = [];
    server.use(
      ...sessionHandlers(),
      handle('get', '/stack/output', () =>
        envelope([
          stackOutputFixture(),
          stackOutputFixture({ name: 'subnets', type: 'list(string)', value: ['10.0.1.0/24', '10.0.2.0/24'] }),
          { name: 'db_password', type: 'string', isSensitive: true },
        ]),
      ),
      handle('post', '/stack/outputSecretValue', ({ body }) => {
        revealed.push(body?.entity);
        return envelope([{ name: 'db_password', value: 'hunter2' }]);
      }),
    );
    const { user } = renderPage({ path: 'stack/:stackId', element: <StackOutputsTab stack={stack} />, url: '/app/stack/stk-1?tab=outputs' });
    const table = await screen.findByRole('table', { name: 'Outputs' });
    expect(within(table).getByText('vpc-0a1b2c')).toBeInTheDocument();
    expect(within(table).getByText(/"10.0.1.0\/24"/)).toBeInTheDocument();
    const secret = within(table).getByText('db_password').closest('tr') as HTMLElement;
    expect(within(secret).getByText('Sensitive')).toBeInTheDocument();
    expect(within(secret).queryByText('hunter2')).not.toBeInTheDocument();
    await user.click(within(secret).getByRole('button', { name: 'Reveal the value of db_password' }));
    expect(await within(secret).findByText('hunter2')).toBeInTheDocument();
    expect(revealed).toEqual([{ stackId: 'stk-1', name: 'db_password' }]);
    await user.click(within(secret).getByRole('button', { name: 'Hide the value of db_password' }));
    expect(within(secret).queryByText('hunter2')).not.toBeInTheDocument();
  });

  it('keeps Reveal disabled for those who may not read secrets', async () => {
    server.use(...sessionHandlers('viewer'), handle('get', '/stack/output', () => envelope([{ name: 'token', isSensitive: true }])));
    renderPage({ path: 'stack/:stackId', element: <StackOutputsTab stack={stack} />, url: '/app/stack/stk-1?tab=outputs' });
    const reveal = await screen.findByRole('button', { name: 'Reveal the value of token' });
    await waitFor(() => expect(reveal).toBeDisabled());
  });

  it('shows the empty state before the first state is written', async () => {
    server.use(...sessionHandlers(), handle('get', '/stack/output', () => envelope([])));
    renderPage({ path: 'stack/:stackId', element: <StackOutputsTab stack={stack} />, url: '/app/stack/stk-1?tab=outputs' });
    expect(await screen.findByRole('heading', { name: 'No outputs yet' })).toBeInTheDocument();
  });
});
