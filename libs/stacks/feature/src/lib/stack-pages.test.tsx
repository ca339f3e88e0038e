import { envelope, errorResponse, handle } from '@terrace/api-client/testing';
import { namespaceFixture } from '@terrace/namespaces/data-access/testing';
import { stackFixture } from '@terrace/stacks/data-access/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../testing/render-page';
import { sessionHandlers } from '../testing/session-handlers';
import { StackList } from './stack-list';
import { StackPage } from './stack-page';
import { CreateStackRoute } from './stack-wizard-page';

const server = setupMsw();
const namespace = namespaceFixture({ id: 'ns-1', name: 'Production', runnerConfig: { mode: 'selfHosted', isOverridable: false } });

describe('StackList', () => {
  it('sends the URL’s filters to the server and shows each stack’s status with the spec’s label', async () => {
    const searches: URLSearchParams[] = [];
    server.use(
      ...sessionHandlers(),
      handle('get', '/namespace', () => envelope([namespace])),
      handle('get', '/stack', ({ request }) => {
        searches.push(new URL(request.url).searchParams);
        return envelope([
          stackFixture({ id: 'stk-1', name: 'network', errorState: 'initializationFailed' }),
          stackFixture({ id: 'stk-2', name: 'dns', driftState: 'drifted' }),
        ]);
      }),
    );
    renderPage({ path: 'stacks', element: <StackList />, url: '/app/stacks?engine=opentofu&stackName=net&stacksPage=2&sort=updatedAt&order=desc' });
    const table = await screen.findByRole('table', { name: 'Stacks' });
    const network = (await within(table).findByRole('link', { name: 'network' })).closest('tr') as HTMLElement;
    expect(within(network).getByText('Initialization Failed')).toBeInTheDocument();
    const dns = within(table).getByRole('link', { name: 'dns' }).closest('tr') as HTMLElement;
    expect(within(dns).getByText('Drifted')).toBeInTheDocument();
    expect(Object.fromEntries(searches[0] ?? [])).toEqual({ page: '2', pageSize: '20', search: 'net', iacType: 'opentofu', sortBy: 'updatedAt', sortOrder: 'desc' });
  });

  it('sorts on the server by name and by last update from the column headers', async () => {
    const searches: URLSearchParams[] = [];
    server.use(
      ...sessionHandlers(),
      handle('get', '/namespace', () => envelope([namespace])),
      handle('get', '/stack', ({ request }) => {
        searches.push(new URL(request.url).searchParams);
        return envelope([stackFixture({ id: 'stk-1', name: 'network' })]);
      }),
    );
    const { user, router } = renderPage({ path: 'stacks', element: <StackList />, url: '/app/stacks' });
    const table = await screen.findByRole('table', { name: 'Stacks' });
    await within(table).findByRole('link', { name: 'network' });
    const name = within(table).getByRole('columnheader', { name: 'Name' });
    await user.click(within(name).getByRole('button'));
    await waitFor(() => expect(searches.at(-1)?.get('sortBy')).toBe('name'));
    expect(searches.at(-1)?.get('sortOrder')).toBe('asc');
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    const updated = within(table).getByRole('columnheader', { name: /Last updated/ });
    await user.click(within(updated).getByRole('button'));
    await waitFor(() => expect(searches.at(-1)?.get('sortBy')).toBe('updatedAt'));
    expect(router.state.location.search).toContain('sort=updatedAt');
  });

  it('offers the create action when a namespace has no stack yet, and keeps it disabled with the reason where stacks cannot be created', async () => {
    server.use(...sessionHandlers('admin', 'management'), handle('get', '/stack', () => envelope([])));
    renderPage({ path: 'namespace/:namespaceId', element: <StackList namespaceId="ns-1" />, url: '/app/namespace/ns-1?tab=stacks' });
    expect(await screen.findByRole('heading', { name: 'No stacks yet' })).toBeInTheDocument();
    const create = await screen.findByRole('button', { name: /Create stack/ });
    await waitFor(() => expect(create).toBeDisabled());
    // The reason is read with the control's wrapper (the disabled button itself takes no focus).
    expect(create.closest('[data-slot="disabled-reason"]')).toHaveAccessibleDescription(
      /Management organizations manage only the organization, its users and teams\./,
    );
  });

  it('deletes a stack only after the typed phrase “delete me”', async () => {
    const deleted: string[] = [];
    let rows = [stackFixture({ id: 'stk-1', name: 'network' })];
    server.use(
      ...sessionHandlers(),
      handle('get', '/namespace', () => envelope([namespace])),
      handle('get', '/stack', () => envelope(rows)),
      handle('delete', '/stack/{stackId}', ({ params }) => {
        deleted.push(params['stackId'] ?? '');
        rows = [];
        return envelope([]);
      }),
    );
    const { user } = renderPage({ path: 'stacks', element: <StackList />, url: '/app/stacks' });
    await user.click(await screen.findByRole('button', { name: 'Delete network' }));
    const dialog = await screen.findByRole('alertdialog');
    const confirm = within(dialog).getByRole('button', { name: 'Delete stack' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), 'delete me');
    await user.click(confirm);
    await waitFor(() => expect(deleted).toEqual(['stk-1']));
    expect(await screen.findByRole('heading', { name: 'No stacks yet' })).toBeInTheDocument();
  });
});

describe('StackPage', () => {
  it('deletes a blueprint stack with its cleanup pull request only after the typed phrase “delete stack and open cleanup PR”', async () => {
    const deleted: string[] = [];
    server.use(
      ...sessionHandlers(),
      handle('get', '/namespace', () => envelope([namespace])),
      handle('get', '/namespace/{namespaceId}', () => envelope([namespace])),
      handle('get', '/stack/{stackId}', () => envelope([stackFixture({ id: 'stk-1', name: 'team-a', namespaceId: 'ns-1', blueprintId: 'blp-1' })])),
      handle('delete', '/stack/{stackId}', ({ params, query }) => {
        deleted.push(`${params['stackId']} ${query.get('openCleanupPullRequest')}`);
        return envelope([]);
      }),
    );
    const { user } = renderPage({ path: 'stack/:stackId', element: <StackPage />, url: '/app/stack/stk-1' });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Also open a pull request removing its code from the repository' }));
    const confirm = within(dialog).getByRole('button', { name: 'Delete and open PR' });
    await user.type(within(dialog).getByRole('textbox'), 'delete me');
    expect(confirm).toBeDisabled();
    await user.clear(within(dialog).getByRole('textbox'));
    await user.type(within(dialog).getByRole('textbox'), 'delete stack and open cleanup PR');
    await user.click(confirm);
    await waitFor(() => expect(deleted).toEqual(['stk-1 true']));
  });

  it('offers no cleanup pull request for a stack not made from a blueprint', async () => {
    server.use(...sessionHandlers(), handle('get', '/namespace', () => envelope([namespace])), handle('get', '/namespace/{namespaceId}', () => envelope([namespace])), handle('get', '/stack/{stackId}', () => envelope([stackFixture({ id: 'stk-1', name: 'plain', namespaceId: 'ns-1' })])));
    const { user } = renderPage({ path: 'stack/:stackId', element: <StackPage />, url: '/app/stack/stk-1' });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('button', { name: 'Delete stack' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
  });

  it("names the stack's author by e-mail, or by id when the server knows no e-mail", async () => {
    server.use(...sessionHandlers(), handle('get', '/stack/{stackId}', () => envelope([stackFixture()])), handle('get', '/namespace/{namespaceId}', () => envelope([namespace])));
    const { unmount } = renderPage({ path: 'stack/:stackId', element: <StackPage />, url: '/app/stack/stk-1' });
    const created = (await screen.findByText('Created')).closest('div') as HTMLElement;
    expect(created).toHaveTextContent(/· ada@example\.com$/);
    expect(created).not.toHaveTextContent('usr-ada');
    unmount();
    server.use(handle('get', '/stack/{stackId}', () => envelope([stackFixture({ createdByName: undefined })])));
    renderPage({ path: 'stack/:stackId', element: <StackPage />, url: '/app/stack/stk-1' });
    expect((await screen.findByText('Created')).closest('div')).toHaveTextContent(/· usr-ada$/);
  });

  it('shows the effective settings with where each comes from, and the TTL countdown of an ephemeral stack', async () => {
    const expiresAt = new Date(Date.now() + (2 * 24 + 5) * 3_600_000 + 30 * 60_000).toISOString();
    server.use(
      ...sessionHandlers(),
      handle('get', '/stack/{stackId}', () =>
        envelope([stackFixture({ stackType: 'ephemeral', expiresAt, data: { iacConfig: { terraformVersion: '1.5.7' }, runnerConfig: { mode: 'managed' } } })]),
      ),
      handle('get', '/namespace/{namespaceId}', () => envelope([namespace])),
    );
    renderPage({ path: 'stack/:stackId', element: <StackPage />, url: '/app/stack/stk-1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'network' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Termination time in 2 day(s) and 5 hour(s)');
    const settings = await screen.findByRole('region', { name: 'Effective settings' });
    const version = within(settings).getByText('Terraform version').closest('div') as HTMLElement;
    expect(version).toHaveTextContent('1.5.7set on the stack');
    // The namespace forbids other runners: its value applies, whatever the stack says.
    const runner = within(settings).getByText('Runner').closest('div') as HTMLElement;
    expect(runner).toHaveTextContent('Self-hosted runnersfrom namespacelocked by the namespace');
  });
});

describe('StackPage tabs', () => {
  it('shows a tab another domain gives (variables) with the stack, and leaves it out when none is given', async () => {
    server.use(...sessionHandlers(), handle('get', '/stack/{stackId}', () => envelope([stackFixture()])), handle('get', '/namespace/{namespaceId}', () => envelope([namespace])));
    const panel = ({ stack }: { stack: { id: string; namespaceId: string } }) => <p>{`variables of ${stack.id} in ${stack.namespaceId}`}</p>;
    const { unmount } = renderPage({ path: 'stack/:stackId', element: <StackPage panels={{ variables: panel }} />, url: '/app/stack/stk-1?tab=variables' });
    expect(await screen.findByRole('tab', { name: 'Variables', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('variables of stk-1 in ns-1')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview', 'Runs', 'Variables', 'Outputs', 'State', 'Resources', 'Dependencies', 'Settings', 'Activity']);
    unmount();
    renderPage({ path: 'stack/:stackId', element: <StackPage />, url: '/app/stack/stk-1?tab=variables' });
    // Without the panel the tab is not offered, and the URL's tab falls back to the overview.
    expect(await screen.findByRole('tab', { name: 'Overview', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Variables' })).not.toBeInTheDocument();
  });

  it('puts the header buttons another domain gives (runs) in the header, with the stack', async () => {
    server.use(...sessionHandlers(), handle('get', '/stack/{stackId}', () => envelope([stackFixture()])), handle('get', '/namespace/{namespaceId}', () => envelope([namespace])));
    const actions = ({ stack }: { stack: { name: string } }) => <button type="button">{`Plan ${stack.name}`}</button>;
    renderPage({ path: 'stack/:stackId', element: <StackPage actions={actions} />, url: '/app/stack/stk-1' });
    const header = (await screen.findByRole('heading', { level: 1, name: 'network' })).closest('[data-slot="page-header"]') as HTMLElement;
    expect(within(header).getByRole('button', { name: 'Plan network' })).toBeInTheDocument();
  });
});

describe('CreateStackRoute', () => {
  it('sends the body wrapped twice and lands a server field error on its field, marking its step', async () => {
    const sent: unknown[] = [];
    server.use(
      ...sessionHandlers(),
      handle('get', '/namespace', () => envelope([namespace])),
      handle('get', '/namespace/{namespaceId}', () => envelope([namespace])),
      handle('get', '/vcs/provider', () => envelope([])),
      handle('get', '/common/terraformVersions', () => envelope([{ terraformVersions: ['1.9.8', '1.10.0-rc1', '1.5.7'] }])),
      handle('post', '/stack', ({ body }) => {
        sent.push(body);
        return errorResponse(400, 'validation_error', 'This Terraform version is not available.', { field: 'entity.stack.data.iacConfig.terraformVersion' });
      }),
    );
    const { user } = renderPage({
      path: 'createStackWizard',
      element: <CreateStackRoute />,
      url: '/app/createStackWizard?namespaceId=ns-1',
      otherPaths: ['stack/:stackId', 'namespace/:namespaceId'],
    });
    const name = await screen.findByRole('textbox', { name: /Name/ });
    await user.type(name, 'x'.repeat(251));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // The form's checks load at the first press (lazySchema): the first Next waits for them.
    await waitFor(() => expect(name).toHaveAccessibleDescription(/Use at most 250 characters\./));
    await user.clear(name);
    await user.type(name, 'network');
    for (const next of ['Code', 'Engine and version', 'Runner, approvals and capabilities', 'Time to live']) {
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await waitFor(() => expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent(next));
    }
    await user.click(await screen.findByRole('button', { name: 'Create stack' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ entity: { stack: { name: 'network', namespaceId: 'ns-1', iacType: 'terraform', data: { iacConfig: {} } } } });
    expect(await screen.findByText('This Terraform version is not available.')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Engine and version (has errors)');
  });
});
