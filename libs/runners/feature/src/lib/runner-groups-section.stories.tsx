import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  createdRunnerGroupTokenFixture,
  managedRunnerGroupFixture,
  runnerFixture,
  runnerGroupFixture,
  runnerGroupTokenFixture,
} from '@terrace/runners/data-access/testing';
import { expect, userEvent, within } from 'storybook/test';
import { StoryApp, type StoryRoutes } from '../testing/story-app';
import { RunnerGroupsSection } from './runner-groups-section';

const routes: StoryRoutes = {
  'GET /org/runnerGroup': () => [
    managedRunnerGroupFixture(),
    runnerGroupFixture(),
    runnerGroupFixture({ id: 'rg-eu01', name: 'eu-west private', maxConcurrency: 10, activeJobs: 0, runnerCount: 0 }),
  ],
  'GET /org/runnerGroup/{groupId}/runner': () => [
    runnerFixture(),
    runnerFixture({ id: 'rnr-02', name: 'build-02', health: 'warning', version: null }),
    runnerFixture({ id: 'rnr-03', name: 'build-03', health: 'error', version: '1.3.2' }),
    runnerFixture({ id: 'rnr-04', name: 'build-04', health: 'shuttingDown' }),
  ],
  'GET /org/runnerGroup/{groupId}/token': () => [runnerGroupTokenFixture(), runnerGroupTokenFixture({ id: 'rgt-02', name: 'laptop', lastUsedAt: '2026-03-02T08:59:00.000Z' })],
  'POST /org/runnerGroup/{groupId}/token': () => [createdRunnerGroupTokenFixture({ id: 'rgt-03', name: 'k8s' })],
};

const readOnlyReason = 'Only organization admins can change these settings.';

const meta = {
  title: 'Runners/Runner groups section',
  component: StoryApp,
  args: {
    path: 'organization/setting',
    url: '/app/organization/setting?id=runner-groups',
    element: <RunnerGroupsSection canEdit readOnlyReason="" />,
    routes,
  },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Groups: Story = {};
export const Empty: Story = { args: { routes: { ...routes, 'GET /org/runnerGroup': () => [] } } };
export const ReadOnly: Story = { args: { element: <RunnerGroupsSection canEdit={false} readOnlyReason={readOnlyReason} /> } };
/** A self-hosted group opened: its runners in each health state, and its registration tokens. */
export const GroupOpen: Story = { args: { url: '/app/organization/setting?id=runner-groups&group=rg-build01' } };
/** A new token: its secret shown once, with the copy button. */
export const TokenCreated: Story = {
  args: { url: '/app/organization/setting?id=runner-groups&group=rg-build01' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Create token' }));
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.type(await body.findByRole('textbox', { name: /^Name/ }), 'k8s');
    await userEvent.click(within(await body.findByRole('dialog')).getByRole('button', { name: 'Create token' }));
    await expect(await canvas.findByText('trg_s3cr3tV4lu3ShownOnce')).toBeVisible();
  },
};
/** The add dialog refusing a limit outside the contract's range. */
export const AddInvalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add runner group' }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog'));
    const limit = dialog.getByRole('textbox', { name: /Concurrency limit/ });
    await userEvent.clear(limit);
    await userEvent.type(limit, '5000');
    await userEvent.click(dialog.getByRole('button', { name: 'Add group' }));
    await expect(await dialog.findByText('Enter a number of at most 1000.')).toBeVisible();
  },
};
