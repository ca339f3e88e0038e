import { envelope, handle } from '@terrace/api-client/testing';
import { stackFixture } from '@terrace/stacks/data-access/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../testing/render-page';
import { sessionHandlers } from '../testing/session-handlers';
import { StackResourcesTab } from './stack-resources-tab';

const server = setupMsw();
const stack = stackFixture({ id: 'stk-1', name: 'network' });

const db = {
  address: 'aws_db_instance.main',
  type: 'aws_db_instance',
  name: 'main',
  mode: 'managed' as const,
  provider: 'registry.terraform.io/hashicorp/aws',
  logicalResourceId: 'db-1',
  region: 'us-east-1',
  iacState: 'managed' as const,
};
const ami = { address: 'data.aws_ami.base', type: 'aws_ami', name: 'base', mode: 'data' as const, iacState: 'managed' as const };

describe('StackResourcesTab', () => {
  it('pages the current state’s resources on the server and shows attributes only on request', async () => {
    const searches: Record<string, string>[] = [];
    server.use(
      ...sessionHandlers(),
      handle('get', '/stack/resource', ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        searches.push(query);
        const attributes = query['extendedOutput'] === 'true';
        return envelope(
          [ami, { ...db, ...(attributes ? { attributes: { id: 'db-1', password: '(sensitive value)' } } : {}) }].map((r) =>
            attributes && !('attributes' in r) ? { ...r, attributes: {} } : r,
          ),
          { paging: { page: 1, pageSize: 20, total: 2 } },
        );
      }),
    );
    const { user } = renderPage({ path: 'stack/:stackId', element: <StackResourcesTab stack={stack} />, url: '/app/stack/stk-1?tab=resources' });
    const table = await screen.findByRole('table', { name: 'Resources' });
    const row = (await within(table).findByText('aws_db_instance.main')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('us-east-1');
    expect(row).toHaveTextContent('db-1');
    expect((within(table).getByText('data.aws_ami.base').closest('tr') as HTMLElement)).toHaveTextContent('Data source');
    expect(searches[0]).toEqual({ stackId: 'stk-1', page: '1', pageSize: '20' });
    expect(within(table).queryByRole('button', { name: /Attributes of/ })).toBeNull();

    await user.click(screen.getByRole('switch', { name: 'Show attributes' }));
    await waitFor(() => expect(searches.at(-1)).toEqual({ stackId: 'stk-1', page: '1', pageSize: '20', extendedOutput: 'true' }));
    await user.click(await within(table).findByRole('button', { name: 'Attributes of aws_db_instance.main' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attributes' });
    expect(dialog).toHaveTextContent('(sensitive value)');
  });

  it('leaves attributes to those who may read the state, and says so', async () => {
    server.use(
      ...sessionHandlers('viewer'),
      handle('get', '/stack/resource', () => envelope([db], { paging: { page: 1, pageSize: 20, total: 1 } })),
    );
    renderPage({ path: 'stack/:stackId', element: <StackResourcesTab stack={stack} />, url: '/app/stack/stk-1?tab=resources&attributes=true' });
    await screen.findByText('aws_db_instance.main');
    expect(screen.getByRole('switch', { name: 'Show attributes' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Attributes of/ })).toBeNull();
  });

  it('says when the stack has no resources yet', async () => {
    server.use(...sessionHandlers(), handle('get', '/stack/resource', () => envelope([], { paging: { page: 1, pageSize: 20, total: 0 } })));
    renderPage({ path: 'stack/:stackId', element: <StackResourcesTab stack={stack} />, url: '/app/stack/stk-1?tab=resources' });
    expect(await screen.findByText('No resources yet')).toBeInTheDocument();
  });
});
