import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  controlPolicyFixtures,
  controlPolicyGroupFixtures,
  groupMappingFixture,
  policyMappingFixture,
  policyViolationFixture,
} from '@terrace/policies/data-access/testing';
import { expect, waitFor, within } from 'storybook/test';
import { signedInStoryRoutes, StoryApp, type StoryRoutes } from '../testing/story-app';
import { ControlPoliciesPage } from './control-policies-page';
import { ControlPolicyGroupPage } from './control-policy-group-page';
import { CreateControlPolicyWizardPage } from './control-policy-wizard-page';
import { EditControlPolicyWizardPage } from './edit-control-policy-wizard-page';
import { PolicyViolationsPage } from './policy-violations-page';

// Static paths before the ones with an id: the story answers the first route that matches.
const routes: StoryRoutes = {
  ...signedInStoryRoutes('admin'),
  'GET /controlPolicy/controlPolicyMapping': () => [policyMappingFixture()],
  'GET /controlPolicy/violation': () => [
    policyViolationFixture(),
    policyViolationFixture({ stackId: 'stk-api00001', stackName: 'api', runId: 'plan-0002', status: 'error', enforcementLevel: 'softMandatory', severityScore: 6, policyName: 'No public buckets (Rego)' }),
    policyViolationFixture({ stackId: 'stk-dns00001', stackName: 'dns', runId: 'dep-0003', enforcementLevel: 'warning', severityScore: 5, policyName: 'EU regions only' }),
  ],
  'GET /controlPolicy/{controlPolicyId}': (url) => controlPolicyFixtures.filter((policy) => url.pathname.endsWith(policy.id)),
  // The server filters by type and part of the name (the list pages on the server).
  'GET /controlPolicy': (url) => {
    const [type, search] = [url.searchParams.get('type'), url.searchParams.get('search')?.toLowerCase()];
    return controlPolicyFixtures.filter((policy) => (!type || policy.type === type) && (!search || policy.name.toLowerCase().includes(search)));
  },
  'GET /controlPolicyGroup/controlPolicyGroupMapping': () => [groupMappingFixture(), groupMappingFixture({ targetId: 'stk-web00001', targetType: 'stack', bySeverity: undefined, enforcementLevel: 'warning', overrideEnforcements: [] })],
  'GET /controlPolicyGroup/{controlPolicyGroupId}': (url) => controlPolicyGroupFixtures.filter((group) => url.pathname.endsWith(group.id)),
  'GET /controlPolicyGroup': () => controlPolicyGroupFixtures,
  'GET /namespace': () => [{ id: 'ns-platform01', name: 'platform' }],
  'GET /stack': () => [{ id: 'stk-web00001', name: 'web-frontend' }],
  'GET /vcs/provider': () => [{ id: 'vcsp-github01', name: 'GitHub acme' }],
};

// The page's lists load one after another through the story's client: wait longer than the default second.
const wait = { timeout: 10_000 };

/**
 * Waits until the element shows, looking it up again on each try: a table may redraw its rows as
 * the page's other lists arrive (the groups give the severities, the targets their names).
 */
const shows = (find: () => HTMLElement) => waitFor(() => expect(find()).toBeVisible(), wait);

const meta = {
  title: 'Policies/Pages',
  component: StoryApp,
  args: { path: 'controlPolicies', url: '/app/controlPolicies', element: <ControlPoliciesPage />, routes },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every policy with its type and the highest severity a group gives it; managed ones read-only. */
export const Policies: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await shows(() => canvas.getByText('Keep databases'));
  },
};
/** The search in the URL goes to the server: a shared link shows the same rows. */
export const SearchedPolicies: Story = {
  args: { url: '/app/controlPolicies?search=EU' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await shows(() => canvas.getByText('EU regions only'));
    await expect(canvas.queryByText('Keep databases')).toBeNull();
    await expect(canvas.getByRole('searchbox')).toHaveValue('EU');
  },
};
export const Groups: Story = {
  args: { url: '/app/controlPolicies?tab=groups' },
  play: async ({ canvasElement }) => {
    await shows(() => within(canvasElement).getByRole('link', { name: 'CIS AWS v1.4.0' }));
  },
};
export const NoPolicies: Story = {
  args: { routes: { ...routes, 'GET /controlPolicy': () => [], 'GET /controlPolicyGroup': () => [] } },
  play: async ({ canvasElement }) => {
    await shows(() => within(canvasElement).getByText('No control policies yet'));
  },
};
export const Group: Story = {
  args: { path: 'controlPolicyGroup/:controlPolicyGroupId', url: '/app/controlPolicyGroup/polg-core0001', element: <ControlPolicyGroupPage /> },
  play: async ({ canvasElement }) => {
    await shows(() => within(canvasElement).getByRole('link', { name: 'platform' }));
  },
};
export const CreatePolicy: Story = {
  args: { path: 'createControlPolicyWizard', url: '/app/createControlPolicyWizard', element: <CreateControlPolicyWizardPage /> },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('radio', { name: 'OPA Rego' }, wait)).toBeVisible();
  },
};
export const EditRegoPolicy: Story = {
  args: { path: 'editControlPolicyWizard/:controlPolicyId', url: '/app/editControlPolicyWizard/pol-rego0001', element: <EditControlPolicyWizardPage /> },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('radio', { name: 'OPA Rego' }, wait)).toBeChecked();
  },
};
export const Violations: Story = {
  args: { path: 'policyViolations', url: '/app/policyViolations', element: <PolicyViolationsPage /> },
  play: async ({ canvasElement }) => {
    await shows(() => within(canvasElement).getByRole('link', { name: 'web-frontend' }));
  },
};
