import { envelope, errorResponse, handle } from '@terrace/api-client/testing';
import { stackFixture, stackOutputFixture, stateLockFixture, stateUnitFixture, stateVersionFixture } from '@terrace/stacks/data-access/testing';
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
      handle('get', '/stack/stateUnit', () => envelope([])),
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
    // A stack of one state has nothing to choose: no unit select.
    expect(screen.queryByRole('combobox', { name: 'Unit' })).not.toBeInTheDocument();

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
      handle('get', '/stack/stateUnit', () => envelope([])),
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
      handle('get', '/stack/stateUnit', () => envelope([])),
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
      handle('get', '/stack/stateUnit', () => envelope([])),
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

describe('StackStateTab of a terragrunt stack with units', () => {
  const rootLock = stateLockFixture({ lockId: 'lock-root', who: 'grace@laptop' });
  const vpcLock = stateLockFixture({ lockId: 'lock-vpc', unit: 'prod/vpc', who: 'job-7', holder: { kind: 'job', id: 'job-7', name: 'job-7' } });
  const appLock = stateLockFixture({ lockId: 'lock-app', unit: 'prod/app', who: 'job-7', holder: { kind: 'job', id: 'job-7', name: 'job-7' } });

  it('shows every lock with its unit and releases the chosen one after confirmation', async () => {
    let locks = [rootLock, appLock, vpcLock];
    const released: unknown[] = [];
    server.use(
      ...sessionHandlers(),
      handle('get', '/stack/stateUnit', () => envelope([stateUnitFixture({ unit: 'prod/app', serial: 1 }), stateUnitFixture()])),
      handle('get', '/stack/stateLock', () => envelope(locks)),
      handle('get', '/stack/stateVersion', () => envelope([], { paging: { page: 1, pageSize: 20, total: 0 } })),
      handle('post', '/stack/stateLock/forceUnlock', ({ body }) => {
        released.push(body?.entity);
        locks = locks.filter((l) => l.lockId !== (body?.entity as { lockId: string }).lockId);
        return envelope([{}]);
      }),
    );
    const { user } = renderPage({ path: 'stack/:stackId', element: <StackStateTab stack={stack} />, url: '/app/stack/stk-1?tab=state' });
    expect(await screen.findByRole('heading', { name: 'State locks' })).toBeInTheDocument();
    const cards = await screen.findAllByRole('status');
    expect(cards).toHaveLength(3);
    expect(cards[0]).toHaveTextContent('UnitStack root');
    expect(cards[0]).toHaveTextContent('grace@laptop');
    expect(cards[1]).toHaveTextContent('Unitprod/app');
    expect(cards[2]).toHaveTextContent('Unitprod/vpc');
    expect(cards[2]).toHaveTextContent('job-7 (Run)');
    expect(cards[2]).toHaveTextContent('lock-vpc');

    await user.click(within(cards[2] as HTMLElement).getByRole('button', { name: 'Release lock of unit prod/vpc' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Release the state lock of unit prod/vpc in network?');
    const confirm = within(dialog).getByRole('button', { name: 'Release lock' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), 'network');
    await user.click(confirm);
    expect(await screen.findByText('The state lock of unit prod/vpc in network was released.')).toBeInTheDocument();
    expect(released).toEqual([{ stackId: 'stk-1', lockId: 'lock-vpc' }]);
    await waitFor(() => expect(screen.getAllByRole('status')).toHaveLength(2));
    expect(screen.queryByText('lock-vpc')).not.toBeInTheDocument();
  });

  it('keeps every lock’s release disabled, with the reason, for a viewer', async () => {
    server.use(
      ...sessionHandlers('viewer'),
      handle('get', '/stack/stateUnit', () => envelope([stateUnitFixture()])),
      handle('get', '/stack/stateLock', () => envelope([rootLock, vpcLock])),
      handle('get', '/stack/stateVersion', () => envelope([], { paging: { page: 1, pageSize: 20, total: 0 } })),
    );
    renderPage({ path: 'stack/:stackId', element: <StackStateTab stack={stack} />, url: '/app/stack/stk-1?tab=state' });
    for (const name of ['Release lock', 'Release lock of unit prod/vpc']) {
      const release = await screen.findByRole('button', { name });
      await waitFor(() => expect(release).toBeDisabled());
      expect(release.closest('[data-slot="disabled-reason"]')).toHaveAccessibleDescription(/Your role does not allow this/);
    }
  });

  it('shows the stack root’s history first, a chosen unit’s history from the URL, and rolls back within that unit', async () => {
    const searches: Record<string, string>[] = [];
    const rolledBack: unknown[] = [];
    server.use(
      ...sessionHandlers(),
      handle('get', '/stack/stateUnit', () => envelope([stateUnitFixture({ unit: 'prod/app', serial: 1 }), stateUnitFixture()])),
      handle('get', '/stack/stateLock', () => envelope([])),
      handle('get', '/stack/stateVersion', ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        searches.push(query);
        if (query['unit'] !== 'prod/vpc') return envelope([], { paging: { page: 1, pageSize: 20, total: 0 } });
        return envelope(
          [stateVersionFixture({ id: 'sv-v2', serial: 2, unit: 'prod/vpc' }), stateVersionFixture({ id: 'sv-v1', serial: 1, status: 'superseded', unit: 'prod/vpc' })],
          { paging: { page: 1, pageSize: 20, total: 2 } },
        );
      }),
      handle('post', '/stack/stateVersion/rollback', ({ body }) => {
        rolledBack.push(body?.entity);
        return envelope([stateVersionFixture({ id: 'sv-v3', serial: 3, unit: 'prod/vpc', rolledBackFrom: 'sv-v1' })]);
      }),
      handle('get', '/stack/stateVersion/content', () => envelope([{ id: 'sv-v1', stackId: 'stk-1', serial: 1, content: '{"version":4}\n' }])),
    );
    URL.createObjectURL = vi.fn(() => 'blob:state');
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    clicked.mockClear();
    const { user, router } = renderPage({ path: 'stack/:stackId', element: <StackStateTab stack={stack} />, url: '/app/stack/stk-1?tab=state' });
    // The root has no state of its own here: the unit select stays, and says where the versions are.
    expect(await screen.findByText('This stack’s units each keep a state of their own: choose a unit to see its versions.')).toBeInTheDocument();
    expect(searches[0]).toEqual({ stackId: 'stk-1', page: '1', pageSize: '20' });
    const select = screen.getByRole('combobox', { name: 'Unit' });
    expect(select).toHaveTextContent('Stack root');

    await user.click(select);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Stack root', 'prod/app', 'prod/vpc']);
    await user.click(screen.getByRole('option', { name: 'prod/vpc' }));
    await waitFor(() => expect(searches.at(-1)).toEqual({ stackId: 'stk-1', page: '1', pageSize: '20', unit: 'prod/vpc' }));
    expect(new URLSearchParams(router.state.location.search).get('stateUnit')).toBe('prod/vpc');
    const table = await screen.findByRole('table', { name: 'State versions' });
    // A unit's download is named after the stack and the unit.
    await user.click(await within(table).findByRole('button', { name: 'Download serial 1' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('network-prod-vpc-1.tfstate');

    await user.click(within(table).getByRole('button', { name: 'Roll back to serial 1' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Roll back unit prod/vpc of network to serial 1?');
    await user.type(within(dialog).getByRole('textbox'), 'network');
    await user.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    expect(await screen.findByText('Unit prod/vpc of network rolled back: serial 3 is now current.')).toBeInTheDocument();
    expect(rolledBack).toEqual([{ stackId: 'stk-1', stateVersionId: 'sv-v1' }]);
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
