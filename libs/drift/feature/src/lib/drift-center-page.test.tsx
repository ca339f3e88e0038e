import { envelope, handle } from '@terrace/api-client/testing';
import { driftDetectionFixture, driftReportFixture } from '@terrace/drift/data-access/testing';
import { namespaceFixture } from '@terrace/namespaces/data-access/testing';
import { stackFixture } from '@terrace/stacks/data-access/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../testing/render-page';
import { signedInAs } from '@terrace/session/testing';
import { DriftCenterPage } from './drift-center-page';

const server = setupMsw();
const now = new Date(Date.UTC(2026, 10, 24));
const network = stackFixture({ id: 'stk-1', name: 'network', driftState: 'drifted' });
const dns = stackFixture({ id: 'stk-2', name: 'dns', driftState: 'inSync', namespaceId: 'ns-2', namespaceName: 'Edge' });
/** GET /drift/report: a month of history whose last point, today, counts the stacks by their state now. */
function reportHandler(seen: Record<string, string>[] = []) {
  return handle('get', '/drift/report', ({ query }) => {
    seen.push(Object.fromEntries(query));
    const points = driftReportFixture(30, now.getTime());
    return envelope([...points.slice(0, -1), { date: points[29]?.date ?? '', drifted: 3, inSync: 12, notChecked: 4, deployRequired: 1 }]);
  });
}

/** GET /stack: the list answers the rows. */
function stackHandler(rows: ReturnType<typeof stackFixture>[], seen: Record<string, string>[] = []) {
  return handle('get', '/stack', ({ query }) => {
    const q = Object.fromEntries(query);
    seen.push(q);
    const items = rows.filter((s) => !q['driftState'] || s.driftState === q['driftState']);
    return envelope(items, { paging: { page: Number(q['page']), pageSize: 20, total: items.length } });
  });
}

function open(url = '/app/driftCenter') {
  return renderPage({ path: 'driftCenter', element: <DriftCenterPage now={now} />, url });
}

describe('DriftCenterPage', () => {
  it('shows the count of stacks per drift state and every stack’s state, filtered on the server by the URL’s namespace and state', async () => {
    const seen: Record<string, string>[] = [];
    const reports: Record<string, string>[] = [];
    server.use(
      ...signedInAs('admin'),
      handle('get', '/namespace', () => envelope([namespaceFixture({ id: 'ns-1', name: 'Production' })])),
      reportHandler(reports),
      stackHandler([network, dns], seen),
    );
    open('/app/driftCenter?namespace=ns-1&state=drifted');
    const table = await screen.findByRole('table', { name: 'Stacks by drift state' });
    const row = (await within(table).findByRole('link', { name: 'network' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Drifted')).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: 'dns' })).not.toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'network' })).toHaveAttribute('href', '/app/stack/stk-1?tab=drift');
    expect(seen).toContainEqual({ page: '1', pageSize: '20', namespaceId: 'ns-1', driftState: 'drifted' });

    const summary = screen.getByRole('region', { name: 'Count of stacks per drift state' });
    const drifted = within(summary).getByRole('button', { name: /Drifted/ });
    expect(drifted).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(drifted).toHaveTextContent('3'));
    expect(within(summary).getByRole('button', { name: /^In sync\s*12$/ })).toBeInTheDocument();
    expect(within(summary).getByRole('button', { name: /^Deploy required\s*1$/ })).toBeInTheDocument();
    expect(within(summary).getByRole('button', { name: /^Unknown\s*0$/ })).toBeInTheDocument();
    expect(within(summary).getAllByRole('button')).toHaveLength(7);
    // The counts are of the chosen namespace, from the report the chart draws: one request for both, none to the stacks list.
    await screen.findByRole('figure', { name: 'Stacks by drift state, 1 month' });
    expect(reports).toEqual([{ daysBack: '30', namespaceId: 'ns-1' }]);
    expect(seen.every((q) => q['pageSize'] === '20')).toBe(true);
  });

  it('filters the list by the state whose figure is pressed, and clears it when pressed again', async () => {
    const seen: Record<string, string>[] = [];
    server.use(...signedInAs('admin'), handle('get', '/namespace', () => envelope([])), reportHandler(), stackHandler([network, dns], seen));
    const { user } = open();
    const table = await screen.findByRole('table', { name: 'Stacks by drift state' });
    await within(table).findByRole('link', { name: 'dns' });
    const summary = screen.getByRole('region', { name: 'Count of stacks per drift state' });
    await user.click(within(summary).getByRole('button', { name: /^In sync\s*12$/ }));
    await waitFor(() => expect(within(table).queryByRole('link', { name: 'network' })).not.toBeInTheDocument());
    expect(seen).toContainEqual({ page: '1', pageSize: '20', driftState: 'inSync' });
    await user.click(within(summary).getByRole('button', { name: /^In sync\s*12$/ }));
    expect(await within(table).findByRole('link', { name: 'network' })).toBeInTheDocument();

    // The search box asks the server for part of the name.
    await user.type(screen.getByRole('searchbox'), 'net');
    await waitFor(() => expect(seen).toContainEqual({ page: '1', pageSize: '20', search: 'net' }));
  });

  it('says so when there is no stack at all', async () => {
    server.use(
      ...signedInAs('admin'),
      handle('get', '/namespace', () => envelope([])),
      handle('get', '/drift/report', () => envelope([])),
      handle('get', '/stack', () => envelope([], { paging: { page: 1, pageSize: 20, total: 0 } })),
    );
    open();
    expect(await screen.findByRole('heading', { name: 'No stacks to watch yet' })).toBeInTheDocument();
  });

  it('asks the report for the days of the chosen period (3 months are 60 days, year to date counts from 1 January)', async () => {
    const days: string[] = [];
    server.use(
      ...signedInAs('admin'),
      handle('get', '/namespace', () => envelope([])),
      handle('get', '/drift/report', ({ query }) => {
        days.push(query.get('daysBack') ?? '');
        return envelope(driftReportFixture(5, now.getTime()));
      }),
      stackHandler([network]),
    );
    const { user } = open();
    expect(await screen.findByRole('figure', { name: 'Stacks by drift state, 1 month' })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Report period' }));
    await user.click(await screen.findByRole('option', { name: '3 months' }));
    expect(await screen.findByRole('figure', { name: 'Stacks by drift state, 3 months' })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Report period' }));
    await user.click(await screen.findByRole('option', { name: 'Year to date' }));
    await waitFor(() => expect(days).toEqual(['30', '60', '328']));
  });

  it('runs drift detection on a stack, polls it until it finishes and shows the new state', async () => {
    let state: 'drifted' | 'inSync' = 'inSync';
    let polls = 0;
    const started: unknown[] = [];
    server.use(
      ...signedInAs('admin'),
      handle('get', '/namespace', () => envelope([])),
      handle('get', '/drift/report', () => envelope([])),
      handle('get', '/stack', () => envelope([stackFixture({ id: 'stk-1', name: 'network', driftState: state })])),
      handle('post', '/stack/driftDetection', ({ body }) => {
        started.push(body);
        return envelope([driftDetectionFixture({ status: 'queued' })]);
      }),
      handle('get', '/stack/driftDetectionStatus', () => {
        polls += 1;
        if (polls < 2) return envelope([driftDetectionFixture({ status: 'inProgress' })]);
        state = 'drifted';
        return envelope([driftDetectionFixture({ status: 'succeeded', driftState: 'drifted' })]);
      }),
    );
    const { user } = open();
    const table = await screen.findByRole('table', { name: 'Stacks by drift state' });
    const row = (await within(table).findByRole('link', { name: 'network' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('In sync')).toBeInTheDocument();
    // Enabled once the session (the user's role) has loaded; the disabled button sits in another wrapper.
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Detect drift of network' })).toBeEnabled());
    await user.click(within(row).getByRole('button', { name: 'Detect drift of network' }));
    expect(await screen.findByText('Drift detection of network finished: Drifted.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(started).toEqual([{ entity: { stackId: 'stk-1' } }]);
    await waitFor(() => expect(within(row).getByText('Drifted')).toBeInTheDocument());
  });

  it('keeps detection and remediation visible but disabled, with the reason, for a viewer', async () => {
    server.use(...signedInAs('viewer'), handle('get', '/namespace', () => envelope([])), handle('get', '/drift/report', () => envelope([])), stackHandler([network]));
    open();
    const table = await screen.findByRole('table', { name: 'Stacks by drift state' });
    await within(table).findByRole('link', { name: 'network' });
    for (const name of ['Detect drift of network', 'Remediate drift of network']) {
      await waitFor(() =>
        expect(within(table).getByRole('button', { name }).closest('[data-slot="disabled-reason"]')).toHaveAccessibleDescription(/Your role does not allow this/),
      );
      expect(within(table).getByRole('button', { name })).toBeDisabled();
    }
  });

  it('offers remediation only for a drifted stack, and says why not otherwise', async () => {
    server.use(...signedInAs('admin'), handle('get', '/namespace', () => envelope([])), handle('get', '/drift/report', () => envelope([])), stackHandler([network, dns]));
    open();
    const table = await screen.findByRole('table', { name: 'Stacks by drift state' });
    await within(table).findByRole('link', { name: 'dns' });
    await waitFor(() => expect(within(table).getByRole('button', { name: 'Remediate drift of network' })).toBeEnabled());
    const dnsRemediate = within(table).getByRole('button', { name: 'Remediate drift of dns' });
    expect(dnsRemediate).toBeDisabled();
    expect(dnsRemediate.closest('[data-slot="disabled-reason"]')).toHaveAccessibleDescription('Nothing to remediate: no drift was found on this stack.');
  });
});
