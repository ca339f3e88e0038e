import { envelope, errorResponse, handle } from '@terrace/api-client/testing';
import type { RunnerGroup, RunnerGroupInput, RunnerGroupToken } from '@terrace/runners/data-access';
import {
  createdRunnerGroupTokenFixture,
  managedRunnerGroupFixture,
  runnerFixture,
  runnerGroupFixture,
  runnerGroupTokenFixture,
} from '@terrace/runners/data-access/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../testing/render-page';
import { RunnerGroupsSection } from './runner-groups-section';

const server = setupMsw();
const reason = 'Only organization admins can change these settings.';

function render(canEdit = true, url = '/app/organization/setting?id=runner-groups') {
  return renderPage({
    path: 'organization/setting',
    element: <RunnerGroupsSection canEdit={canEdit} readOnlyReason={canEdit ? '' : reason} />,
    url,
  });
}

const page = <T,>(items: T[], total = items.length) => envelope(items, { paging: { page: 1, pageSize: 20, total } });

describe('RunnerGroupsSection', () => {
  it('adds a group after checking its name and limit, edits its limit, and deletes it after "delete me"', async () => {
    let groups: RunnerGroup[] = [managedRunnerGroupFixture()];
    const created: RunnerGroupInput[] = [];
    const updated: unknown[] = [];
    const deleted: string[] = [];
    server.use(
      handle('get', '/org/runnerGroup', () => page(groups)),
      handle('post', '/org/runnerGroup', ({ body }) => {
        const entity = body?.entity as RunnerGroupInput;
        created.push(entity);
        const group = runnerGroupFixture({ id: 'rg-new01', name: entity.name, maxConcurrency: entity.maxConcurrency, activeJobs: 0, runnerCount: 0 });
        groups = [...groups, group];
        return envelope([group]);
      }),
      handle('put', '/org/runnerGroup/{groupId}', ({ params, body }) => {
        updated.push([params['groupId'], body?.entity]);
        groups = groups.map((g) => (g.id === params['groupId'] ? { ...g, ...body?.entity } : g));
        return envelope(groups.filter((g) => g.id === params['groupId']));
      }),
      handle('delete', '/org/runnerGroup/{groupId}', ({ params }) => {
        deleted.push(params['groupId'] ?? '');
        groups = groups.filter((g) => g.id !== params['groupId']);
        return envelope([{}]);
      }),
      handle('get', '/org/runnerGroup/{groupId}/runner', () => page([])),
      handle('get', '/org/runnerGroup/{groupId}/token', () => envelope([])),
    );
    const { user } = render();
    const table = await screen.findByRole('table', { name: 'Runner groups' });
    const managedRow = (await within(table).findByText('Default')).closest('tr') as HTMLElement;
    expect(within(managedRow).getByText('Managed')).toBeInTheDocument();
    expect(within(managedRow).getByText('0 of 2')).toBeInTheDocument();
    // The managed group cannot be deleted: the button says why.
    const deleteManaged = within(managedRow).getByRole('button', { name: 'Delete Default' });
    expect(deleteManaged).toBeDisabled();
    expect(deleteManaged.closest('[data-slot="disabled-reason"]')).toHaveAccessibleDescription('The managed runner group cannot be deleted.');

    await user.click(screen.getByRole('button', { name: 'Add runner group' }));
    const dialog = await screen.findByRole('dialog');
    const limit = within(dialog).getByRole('textbox', { name: /Concurrency limit/ });
    await user.clear(limit);
    await user.type(limit, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Add group' }));
    expect(await within(dialog).findByText('Enter a name for the runner group.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a number of at least 1.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), '-bad');
    await user.clear(limit);
    await user.type(limit, '1001');
    await user.click(within(dialog).getByRole('button', { name: 'Add group' }));
    expect(await within(dialog).findByText(/Start with a letter or digit/)).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a number of at most 1000.')).toBeInTheDocument();
    await user.clear(limit);
    await user.type(limit, '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Add group' }));
    expect(await within(dialog).findByText('Enter a whole number.')).toBeInTheDocument();
    expect(created).toEqual([]);
    await user.clear(within(dialog).getByRole('textbox', { name: /^Name/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'build farm');
    await user.clear(limit);
    await user.type(limit, '4');
    await user.click(within(dialog).getByRole('button', { name: 'Add group' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(created).toEqual([{ name: 'build farm', maxConcurrency: 4 }]);
    // The new group opens, ready for its first token.
    expect(await screen.findByRole('region', { name: 'Runner group build farm' })).toBeInTheDocument();

    await user.click(await within(table).findByRole('button', { name: 'Edit build farm' }));
    const edit = await screen.findByRole('dialog');
    const editLimit = within(edit).getByRole('textbox', { name: /Concurrency limit/ });
    expect(editLimit).toHaveValue('4');
    await user.clear(editLimit);
    await user.type(editLimit, '8');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(updated).toEqual([['rg-new01', { name: 'build farm', maxConcurrency: 8 }]]);
    expect(await within(table).findByText('0 of 8')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Delete build farm' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByRole('button', { name: 'Delete group' })).toBeDisabled();
    await user.type(within(confirm).getByRole('textbox'), 'delete me');
    await user.click(within(confirm).getByRole('button', { name: 'Delete group' }));
    await waitFor(() => expect(deleted).toEqual(['rg-new01']));
    await waitFor(() => expect(within(table).queryByText('build farm')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Runner group build farm' })).not.toBeInTheDocument();
  });

  it('sends only the limit when the managed group is edited (it keeps its name)', async () => {
    const updated: unknown[] = [];
    server.use(
      handle('get', '/org/runnerGroup', () => page([managedRunnerGroupFixture()])),
      handle('put', '/org/runnerGroup/{groupId}', ({ body }) => {
        updated.push(body?.entity);
        return envelope([managedRunnerGroupFixture({ maxConcurrency: 3 })]);
      }),
    );
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Edit Default' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveAttribute('readonly');
    const limit = within(dialog).getByRole('textbox', { name: /Concurrency limit/ });
    await user.clear(limit);
    await user.type(limit, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updated).toEqual([{ maxConcurrency: 3 }]));
  });

  it("shows a group's runners with their health, version and last heartbeat", async () => {
    server.use(
      handle('get', '/org/runnerGroup', () => page([runnerGroupFixture()])),
      handle('get', '/org/runnerGroup/{groupId}/runner', () =>
        page([
          runnerFixture(),
          runnerFixture({ id: 'rnr-02', name: 'build-02', health: 'warning', version: null }),
          runnerFixture({ id: 'rnr-03', name: 'build-03', health: 'error' }),
          runnerFixture({ id: 'rnr-04', name: 'build-04', health: 'shuttingDown' }),
        ]),
      ),
      handle('get', '/org/runnerGroup/{groupId}/token', () => envelope([])),
    );
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Runners and tokens of build-farm' }));
    const runners = await screen.findByRole('table', { name: 'Runners of build-farm' });
    const row = (name: string) => within(runners).getByText(name).closest('tr') as HTMLElement;
    await within(runners).findByText('build-01');
    expect(within(row('build-01')).getByText('Healthy')).toHaveAttribute('data-tone', 'success');
    expect(within(row('build-01')).getByText('1.4.0')).toBeInTheDocument();
    expect(within(row('build-01')).getByRole('time')).toHaveAttribute('dateTime', '2026-03-02T09:00:00.000Z');
    expect(within(row('build-02')).getByText('Missing heartbeat')).toHaveAttribute('data-tone', 'warning');
    expect(within(row('build-02')).getByText('Unknown')).toBeInTheDocument();
    expect(within(row('build-03')).getByText('Unhealthy')).toHaveAttribute('data-tone', 'danger');
    expect(within(row('build-04')).getByText('Shutting down')).toHaveAttribute('data-tone', 'neutral');
  });

  it('creates a token whose secret is shown once with a copy button, and revokes a token after "revoke me"', async () => {
    let tokens: RunnerGroupToken[] = [runnerGroupTokenFixture({ id: 'rgt-old', name: 'old-pool' })];
    const revoked: string[] = [];
    server.use(
      handle('get', '/org/runnerGroup', () => page([runnerGroupFixture()])),
      handle('get', '/org/runnerGroup/{groupId}/runner', () => page([])),
      handle('get', '/org/runnerGroup/{groupId}/token', () => envelope(tokens)),
      handle('post', '/org/runnerGroup/{groupId}/token', ({ body }) => {
        const token = createdRunnerGroupTokenFixture({ id: 'rgt-new', name: body?.entity.name ?? '' });
        const { token: _secret, ...listed } = token;
        tokens = [listed, ...tokens];
        return envelope([token]);
      }),
      handle('delete', '/org/runnerGroup/{groupId}/token/{tokenId}', ({ params }) => {
        revoked.push(params['tokenId'] ?? '');
        tokens = tokens.filter((token) => token.id !== params['tokenId']);
        return envelope([{}]);
      }),
    );
    const { user } = render(true, '/app/organization/setting?id=runner-groups&group=rg-build01');
    const region = await screen.findByRole('region', { name: 'Runner group build-farm' });
    const table = await within(region).findByRole('table', { name: 'Registration tokens of build-farm' });
    expect(await within(table).findByText('old-pool')).toBeInTheDocument();
    expect(within(table).getByText('Never')).toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'ci-pool');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const secret = await within(region).findByRole('group', { name: 'New token ci-pool' });
    expect(within(secret).getByText('trg_s3cr3tV4lu3ShownOnce')).toBeInTheDocument();
    expect(within(secret).getByRole('button', { name: /copy/i })).toBeInTheDocument();
    expect(await within(table).findByText('ci-pool')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Revoke token ci-pool' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByRole('button', { name: 'Revoke token' })).toBeDisabled();
    await user.type(within(confirm).getByRole('textbox'), 'revoke me');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke token' }));
    await waitFor(() => expect(revoked).toEqual(['rgt-new']));
    await waitFor(() => expect(within(table).queryByText('ci-pool')).not.toBeInTheDocument());
    // The secret of a revoked token is not left on screen.
    expect(within(region).queryByRole('group', { name: 'New token ci-pool' })).not.toBeInTheDocument();
  });

  it('keeps every control visible but disabled, with the reason, for those who may not change runner groups', async () => {
    server.use(
      handle('get', '/org/runnerGroup', () => page([runnerGroupFixture()])),
      handle('get', '/org/runnerGroup/{groupId}/runner', () => page([])),
      handle('get', '/org/runnerGroup/{groupId}/token', () => envelope([runnerGroupTokenFixture()])),
    );
    render(false, '/app/organization/setting?id=runner-groups&group=rg-build01');
    const region = await screen.findByRole('region', { name: 'Runner group build-farm' });
    await within(region).findByText('ci-pool');
    for (const name of ['Add runner group', 'Edit build-farm', 'Delete build-farm', 'Create token', 'Revoke token ci-pool']) {
      const button = screen.getByRole('button', { name });
      expect(button, name).toBeDisabled();
      expect(button.closest('[data-slot="disabled-reason"]'), name).toHaveAccessibleDescription(reason);
    }
    // Reading is never refused: the group still opens and closes.
    expect(screen.getByRole('button', { name: 'Close runner group build-farm' })).toBeEnabled();
  });

  it('says when there is no group, and shows the error with a retry when the list cannot be loaded', async () => {
    server.use(handle('get', '/org/runnerGroup', () => page([])));
    const first = render();
    expect(await screen.findByText('No runner groups yet')).toBeInTheDocument();
    first.unmount();
    server.use(handle('get', '/org/runnerGroup', () => errorResponse(500, 'internal_error', 'boom')));
    render();
    expect(await screen.findByRole('button', { name: /retry/i })).toBeInTheDocument();
  });
});
