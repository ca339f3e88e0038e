import { envelope, errorResponse, handle } from '@terrace/api-client/testing';
import { namespaceFixture } from '@terrace/namespaces/data-access/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../testing/render-page';
import { NamespaceListPage } from './namespace-list-page';

const server = setupMsw();

function open(url = '/app/namespaces') {
  return renderPage({ path: 'namespaces', element: <NamespaceListPage />, url, otherPaths: ['createNamespaceWizard'] });
}

describe('NamespaceListPage', () => {
  it('shows one page of namespaces with the server total and links to each', async () => {
    const requested: string[] = [];
    server.use(
      handle('get', '/namespace', ({ query }) => {
        requested.push(query.toString());
        return envelope([namespaceFixture({ id: 'ns-core0001', name: 'core' })], { paging: { page: 1, pageSize: 20, total: 1 } });
      }),
    );
    open();
    const table = await screen.findByRole('table', { name: 'Namespaces' });
    const link = await within(table).findByRole('link', { name: 'core' });
    expect(link).toHaveAttribute('href', '/app/namespace/ns-core0001');
    expect(requested).toEqual(['page=1&pageSize=20']);
  });

  it('reads the page, page size and name filter from the URL and sends them to the server', async () => {
    const requested: string[] = [];
    server.use(
      handle('get', '/namespace', ({ query }) => {
        requested.push(query.toString());
        return envelope([namespaceFixture()], { paging: { page: 3, pageSize: 50, total: 120 } });
      }),
    );
    open('/app/namespaces?page=3&pageSize=50&name=plat');
    await screen.findByRole('link', { name: 'platform' });
    expect(requested).toEqual(['page=3&pageSize=50&namespaceName=plat']);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('plat');
  });

  it('puts a typed filter in the URL and asks the server again from the first page', async () => {
    const requested: string[] = [];
    server.use(
      handle('get', '/namespace', ({ query }) => {
        requested.push(query.toString());
        return envelope([namespaceFixture()], { paging: { page: 1, pageSize: 20, total: 1 } });
      }),
    );
    const { user, router } = open('/app/namespaces?page=2');
    await screen.findByRole('link', { name: 'platform' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'net');
    await waitFor(() => expect(router.state.location.search).toBe('?name=net'));
    await waitFor(() => expect(requested).toContain('page=1&pageSize=20&namespaceName=net'));
  });

  it('offers creating the first namespace when there are none', async () => {
    server.use(handle('get', '/namespace', () => envelope([], { paging: { page: 1, pageSize: 20, total: 0 } })));
    const { user, router } = open();
    expect(await screen.findByRole('heading', { name: 'No namespaces yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Create namespace' }));
    expect(router.state.location.pathname).toBe('/app/createNamespaceWizard');
  });

  it('says when a filter matches nothing and clears it on request', async () => {
    server.use(handle('get', '/namespace', () => envelope([], { paging: { page: 1, pageSize: 20, total: 0 } })));
    const { user, router } = open('/app/namespaces?name=zzz');
    expect(await screen.findByText('No namespace matches “zzz”')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filter' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('renders the error with a retry when the list cannot be loaded', async () => {
    server.use(handle('get', '/namespace', () => errorResponse(500, 'internal_error', 'boom')));
    open();
    expect(await screen.findByRole('button', { name: /retry/i })).toBeInTheDocument();
  });
});
