import type { Meta, StoryObj } from '@storybook/react-vite';
import { driftDetailFixture, driftDetectionFixture, driftRemediationFixture, driftReportFixture } from '@terrace/drift/data-access/testing';
import { namespaceFixture } from '@terrace/namespaces/data-access/testing';
import { stackFixture } from '@terrace/stacks/data-access/testing';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { signedInStoryRoutes, StoryApp, type StoryRoutes } from '../testing/story-app';
import { DriftCenterPage } from './drift-center-page';
import { StackDriftTab } from './stack-drift-tab';

const now = new Date(Date.UTC(2026, 10, 24));
const stacks = [
  stackFixture({ id: 'stk-1', name: 'network', driftState: 'drifted' }),
  stackFixture({ id: 'stk-2', name: 'dns', driftState: 'inSync', namespaceId: 'ns-2', namespaceName: 'Edge' }),
  stackFixture({ id: 'stk-3', name: 'iam-roles', driftState: 'inSyncDeployRequired', iacType: 'opentofu' }),
  stackFixture({ id: 'stk-4', name: 'preview-42', driftState: 'notChecked', stackType: 'ephemeral' }),
  stackFixture({ id: 'stk-5', name: 'cdn', driftState: 'inSyncRefreshRequired', namespaceId: 'ns-2', namespaceName: 'Edge' }),
  stackFixture({ id: 'stk-6', name: 'queues', driftState: 'deployRequired' }),
  stackFixture({ id: 'stk-7', name: 'legacy', driftState: 'unknown' }),
];

const routes: StoryRoutes = {
  ...signedInStoryRoutes('admin'),
  'GET /namespace': () => [namespaceFixture({ id: 'ns-1', name: 'Production' }), namespaceFixture({ id: 'ns-2', name: 'Edge' })],
  'GET /stack': (url) => {
    const state = url.searchParams.get('driftState');
    const namespaceId = url.searchParams.get('namespaceId');
    return stacks.filter((s) => (!state || s.driftState === state) && (!namespaceId || s.namespaceId === namespaceId));
  },
  'GET /drift/report': (url) => driftReportFixture(Number(url.searchParams.get('daysBack') ?? 30), now.getTime()),
  'GET /stack/driftDetails': () => [
    driftDetailFixture(),
    driftDetailFixture({ resourceAddress: 'aws_s3_bucket.logs', driftKind: 'deleted', attributes: [], driftSource: undefined, stackResourceDriftId: 'srd-2' }),
    driftDetailFixture({
      resourceAddress: 'aws_instance.bastion',
      driftKind: 'modifiedForcesReplacement',
      attributes: [{ path: 'ami', expected: 'ami-0abc', actual: 'ami-0def' }],
      driftSource: undefined,
      stackResourceDriftId: 'srd-4',
    }),
    driftDetailFixture({ resourceAddress: 'aws_iam_role.ci', driftKind: 'deployRequired', deployRequiredKind: 'creation', attributes: [], driftSource: undefined, stackResourceDriftId: 'srd-3' }),
  ],
  'POST /stack/driftDetection': () => [driftDetectionFixture({ status: 'queued' })],
  'GET /stack/driftDetectionStatus': () => [driftDetectionFixture({ status: 'succeeded', driftState: 'drifted' })],
  'POST /stack/driftRemediation': () => [driftRemediationFixture({ status: 'inProgress', runId: 'dep-42' })],
  'GET /stack/driftRemediationStatus': () => [driftRemediationFixture({ status: 'inProgress', runId: 'dep-42' })],
};

const meta = {
  title: 'Drift/Pages',
  component: StoryApp,
  args: { path: 'driftCenter', url: '/app/driftCenter', element: <DriftCenterPage now={now} />, routes },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every state with its label and colour, the counts, the history and the list. */
export const DriftCenter: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Stacks by drift state' }, { timeout: 15_000 });
    await expect(await within(table).findByRole('link', { name: 'network' })).toBeVisible();
    await expect(await canvas.findByRole('figure', { name: 'Stacks by drift state, 1 month' })).toBeVisible();
    await expect(await canvas.findByText('Drifted', { selector: 'figure *' }, { timeout: 15_000 })).toBeVisible();
  },
};

export const FilteredOnDrifted: Story = {
  args: { url: '/app/driftCenter?state=drifted&period=sixMonths' },
};

export const NoStacks: Story = {
  args: { routes: { ...routes, 'GET /stack': () => [] } },
};

export const Viewer: Story = {
  args: { routes: { ...routes, ...signedInStoryRoutes('viewer') } },
};

/** The stack page's drift tab with one resource opened: its attribute diff and the cloud event. */
export const StackDrift: Story = {
  args: {
    path: 'stack/:stackId',
    url: '/app/stack/stk-1?tab=drift',
    element: <StackDriftTab stack={{ id: 'stk-1', name: 'network', namespaceId: 'ns-1', driftState: 'drifted' }} />,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('region', { name: 'Drifted resources' }, { timeout: 15_000 });
    await userEvent.click(within(list).getByRole('button', { name: /aws_security_group\.web/ }));
    await waitFor(() => expect(within(list).getByRole('table', { name: 'Attributes that differ on aws_security_group.web' })).toBeVisible());
  },
};

export const StackDriftRemediation: Story = {
  args: StackDrift.args,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('region', { name: 'Drifted resources' }, { timeout: 15_000 });
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Remediate' })).toBeEnabled());
    await userEvent.click(canvas.getByRole('button', { name: 'Remediate' }));
    // The dialog's code loads when it first opens (lazyDialog).
    const dialog = await within(document.body).findByRole('dialog', { name: 'Remediate the drift of network?' }, { timeout: 15_000 });
    await expect(within(dialog).getByRole('radio', { name: 'Deploy the code over the drift' })).toBeChecked();
  },
};
