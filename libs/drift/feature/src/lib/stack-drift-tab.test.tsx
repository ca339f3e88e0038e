import { envelope, handle } from '@terrace/api-client/testing';
import { driftDetailFixture, driftRemediationFixture } from '@terrace/drift/data-access/testing';
import { signedInAs } from '@terrace/session/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../testing/render-page';
import { StackDriftTab } from './stack-drift-tab';

const server = setupMsw();
const drifted = { id: 'stk-1', name: 'network', namespaceId: 'ns-1', driftState: 'drifted' };

function open(stack: { id: string; name: string; namespaceId: string; driftState?: string } = drifted) {
  return renderPage({ path: 'stack/:stackId', element: <StackDriftTab stack={stack} />, url: `/app/stack/${stack.id}?tab=drift`, otherPaths: ['deployment/:deploymentId'] });
}

describe('StackDriftTab', () => {
  it('lists each drifted resource with its kind, and on opening it the attributes that differ and the cloud event behind them', async () => {
    server.use(
      ...signedInAs('admin'),
      handle('get', '/stack/driftDetails', () =>
        envelope([
          driftDetailFixture(),
          driftDetailFixture({ resourceAddress: 'aws_s3_bucket.logs', driftKind: 'deleted', attributes: [], driftSource: undefined, stackResourceDriftId: 'srd-2' }),
          driftDetailFixture({ resourceAddress: 'aws_iam_role.ci', driftKind: 'deployRequired', deployRequiredKind: 'creation', attributes: [], driftSource: undefined, stackResourceDriftId: 'srd-3' }),
        ]),
      ),
    );
    const { user } = open();
    const list = await screen.findByRole('region', { name: 'Drifted resources' });
    const sg = within(list).getByRole('button', { name: /aws_security_group\.web/ });
    expect(sg).toHaveTextContent('Modified');
    expect(within(list).getByRole('button', { name: /aws_s3_bucket\.logs/ })).toHaveTextContent('Deleted');
    expect(within(list).getByRole('button', { name: /aws_iam_role\.ci/ })).toHaveTextContent(/Deploy required\s*Creation/);

    await user.click(sg);
    const diff = await within(list).findByRole('table', { name: 'Attributes that differ on aws_security_group.web' });
    const cidr = within(diff).getByRole('row', { name: /ingress\[0\]\.cidr_blocks\[0\]/ });
    expect(within(cidr).getAllByRole('cell').map((c) => c.textContent)).toEqual(['10.0.0.0/16', '0.0.0.0/0']);
    const owner = within(diff).getByRole('row', { name: /tags\.Owner/ });
    expect(within(owner).getAllByRole('cell').map((c) => c.textContent)).toEqual(['platform', '(not set)']);
    expect(within(list).getByText('AuthorizeSecurityGroupIngress')).toBeVisible();
    expect(within(list).getByText(/by arn:aws:iam::123456789012:user\/ops-alice/)).toBeVisible();

    await user.click(within(list).getByRole('button', { name: /aws_s3_bucket\.logs/ }));
    expect(await within(list).findByText('The resource is in the state but no longer in the cloud.')).toBeVisible();
    expect(within(list).getByText('No cloud event found for this change.')).toBeVisible();
  });

  it('says whether drift was never checked or none was found', async () => {
    server.use(...signedInAs('admin'), handle('get', '/stack/driftDetails', () => envelope([])));
    const first = open({ ...drifted, driftState: 'notChecked' });
    expect(await screen.findByRole('heading', { name: 'Drift not checked yet' })).toBeInTheDocument();
    first.unmount();
    open({ ...drifted, driftState: 'inSync' });
    expect(await screen.findByRole('heading', { name: 'No drift found' })).toBeInTheDocument();
  });

  it('accepts the cloud’s values for the drifted resources through a refresh-only deployment and shows when it has finished', async () => {
    const sent: unknown[] = [];
    let polls = 0;
    server.use(
      ...signedInAs('admin'),
      handle('get', '/stack/driftDetails', () =>
        envelope([driftDetailFixture(), driftDetailFixture({ resourceAddress: 'aws_iam_role.ci', driftKind: 'deployRequired', deployRequiredKind: 'creation', stackResourceDriftId: 'srd-3' })]),
      ),
      handle('post', '/stack/driftRemediation', ({ body }) => {
        sent.push(body);
        return envelope([driftRemediationFixture({ mode: 'acceptCloudValues' })]);
      }),
      handle('get', '/stack/driftRemediationStatus', () => {
        polls += 1;
        return envelope([
          polls < 2
            ? driftRemediationFixture({ mode: 'acceptCloudValues', status: 'inProgress' })
            : driftRemediationFixture({ mode: 'acceptCloudValues', status: 'succeeded' }),
        ]);
      }),
    );
    const { user } = open();
    await screen.findByRole('region', { name: 'Drifted resources' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remediate' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Remediate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remediate the drift of network?' });
    expect(within(dialog).getByRole('radio', { name: 'Deploy the code over the drift' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: "Accept the cloud's values" }));
    await user.click(within(dialog).getByRole('button', { name: "Accept the cloud's values" }));
    await waitFor(() => expect(sent).toEqual([{ entity: { stackId: 'stk-1', mode: 'acceptCloudValues', resourceAddresses: ['aws_security_group.web'] } }]));
    expect(await screen.findByText('Remediation: Succeeded', undefined, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('deploys the code over the drift and links to the deployment', async () => {
    server.use(
      ...signedInAs('admin'),
      handle('get', '/stack/driftDetails', () => envelope([driftDetailFixture()])),
      handle('post', '/stack/driftRemediation', () => envelope([driftRemediationFixture({ status: 'inProgress', runId: 'dep-42' })])),
      handle('get', '/stack/driftRemediationStatus', () => envelope([driftRemediationFixture({ status: 'inProgress', runId: 'dep-42' })])),
    );
    const { user } = open();
    await screen.findByRole('region', { name: 'Drifted resources' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remediate' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Remediate' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Deploy' }));
    expect(await screen.findByRole('link', { name: 'Open the run' })).toHaveAttribute('href', '/app/deployment/dep-42');
  });

  it('remediates only the resources left chosen, and asks for at least one', async () => {
    const sent: unknown[] = [];
    server.use(
      ...signedInAs('admin'),
      handle('get', '/stack/driftDetails', () =>
        envelope([driftDetailFixture(), driftDetailFixture({ resourceAddress: 'aws_s3_bucket.logs', driftKind: 'deleted', stackResourceDriftId: 'srd-2' })]),
      ),
      handle('post', '/stack/driftRemediation', ({ body }) => {
        sent.push(body);
        return envelope([driftRemediationFixture({ status: 'inProgress', runId: 'dep-42' })]);
      }),
      handle('get', '/stack/driftRemediationStatus', () => envelope([driftRemediationFixture({ status: 'inProgress', runId: 'dep-42' })])),
    );
    const { user } = open();
    await screen.findByRole('region', { name: 'Drifted resources' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remediate' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Remediate' }));
    const dialog = await screen.findByRole('dialog');
    const resources = within(dialog).getByRole('group', { name: 'Resources to remediate' });
    await user.click(within(resources).getByRole('checkbox', { name: 'aws_security_group.web' }));
    await user.click(within(resources).getByRole('checkbox', { name: 'aws_s3_bucket.logs' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose at least one resource.');
    expect(within(dialog).getByRole('button', { name: 'Deploy' })).toBeDisabled();
    await user.click(within(resources).getByRole('checkbox', { name: 'aws_s3_bucket.logs' }));
    expect(within(dialog).getByText(/for 1 of 2 drifted resources/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Deploy' }));
    await waitFor(() => expect(sent).toEqual([{ entity: { stackId: 'stk-1', mode: 'deploy', resourceAddresses: ['aws_s3_bucket.logs'] } }]));
  });
});
