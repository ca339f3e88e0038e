import type { Meta, StoryObj } from '@storybook/react-vite';
import { discoveredVariableFixture, effectiveVariableFixture, variableFixture } from '@terrace/variables/data-access/testing';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { StoryApp, type StoryRoutes } from '../testing/story-app';
import { NamespaceVariablesPanel } from './namespace-variables-panel';
import { OrganizationVariablesSection } from './organization-variables-section';
import { StackVariablesPanel } from './stack-variables-panel';

const session: StoryRoutes = {
  'GET /auth/me': () => [
    {
      id: 'usr-1',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      userType: 'directUser',
      orgRole: 'admin',
      orgUserRole: 'admin',
      customRoleId: null,
      teams: [],
      mfaEnabled: false,
      organization: { id: 'o-acme1', name: 'Acme Cloud', type: 'regular', pricingPlan: 'pro', freeTrialExpiration: null },
    },
  ],
  'GET /iam/org/userOrgRole': () => [{ orgRole: 'admin', orgUserRole: 'admin', customRoleId: null, customRole: null, organizationId: 'o-acme1', teams: [] }],
  'GET /org/capabilities': () => [{ capabilities: { aiAgent: true, disasterRecovery: true } }],
};

const organization = [
  variableFixture({ displayName: 'AWS region', valueConditions: [{ operator: 'startsWith', value: 'eu-' }] }),
  variableFixture({ id: 'var-log00001', key: 'TF_LOG_PATH', type: 'envVar', value: '/tmp/tf.log', isOverridable: false }),
  variableFixture({ id: 'var-token001', key: 'api_token', value: '', isSensitive: true }),
];
const routes: StoryRoutes = {
  ...session,
  'GET /variable': (url) =>
    url.searchParams.get('namespaceId')
      ? [
          variableFixture({ id: 'var-nsregion1', scope: 'namespace', scopeId: 'ns-1', key: 'region', value: 'eu-central-1' }),
          variableFixture({ id: 'var-owners01', scope: 'namespace', scopeId: 'ns-1', key: 'owners', value: '["platform", "sre"]', isHcl: true }),
          ...organization.slice(1).map((v) => ({ ...v, inheritedFrom: 'organization' as const })),
        ]
      : organization,
  'GET /variable/effective/{stackId}': () => [
    effectiveVariableFixture({ key: 'region', value: 'eu-central-1', scope: 'namespace', scopeId: 'ns-1', variableId: 'var-nsregion1', overrides: [{ scope: 'organization', variableId: 'var-region01' }] }),
    effectiveVariableFixture({ key: 'instance_type', value: 't3.small', scope: 'stack', scopeId: 'stk-1', variableId: 'var-size0001', description: 'The size of the web servers' }),
    effectiveVariableFixture({ key: 'db_password', value: '', scope: 'stack', scopeId: 'stk-1', variableId: 'var-dbpw0001', isRequired: true, isMissing: true }),
    effectiveVariableFixture({ key: 'api_token', value: '', isSensitive: true, variableId: 'var-token001' }),
    effectiveVariableFixture({ key: 'TF_LOG_PATH', type: 'envVar', value: '/tmp/tf.log', variableId: 'var-log00001', isOverridable: false }),
  ],
  'GET /variable/secretValue/{variableId}': () => [{ id: 'var-token001', value: 'tok_5f3a9c' }],
  'POST /variable/scanFromCode/v2': () => [
    discoveredVariableFixture({ key: 'instance_type', description: 'The size of the web servers' }),
    discoveredVariableFixture({ key: 'zones', type: 'list(string)', defaultValue: '["a","b"]' }),
    discoveredVariableFixture({ key: 'db_password', defaultValue: undefined, isRequired: true, isSensitive: true }),
    discoveredVariableFixture({ key: 'region', existingVariableId: 'var-region01', message: "A variable named 'region' already exists in this scope" }),
  ],
};
const stack = { id: 'stk-1', namespaceId: 'ns-1', iacType: 'terraform' as const, data: { vcsInfo: { providerId: 'vcsp-1', repoName: 'acme/infra', branch: 'main', path: 'network' } } };

const meta = {
  title: 'Variables/Pages',
  component: StoryApp,
  args: {
    path: 'organization/setting',
    url: '/app/organization/setting?id=variables',
    element: <OrganizationVariablesSection canEdit readOnlyReason="" />,
    routes,
  },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Organization: Story = {};
export const OrganizationEmpty: Story = { args: { routes: { ...routes, 'GET /variable': () => [] } } };
export const Namespace: Story = {
  args: { path: 'namespace/:namespaceId', url: '/app/namespace/ns-1?tab=variables', element: <NamespaceVariablesPanel namespaceId="ns-1" /> },
};
export const StackEffective: Story = {
  args: { path: 'stack/:stackId', url: '/app/stack/stk-1?tab=variables', element: <StackVariablesPanel stack={stack} /> },
};
export const AddVariableDialog: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Add variable' }));
    const dialog = await page.findByRole('dialog', { name: 'Add a variable' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add condition' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add variable' }));
    await expect(await within(dialog).findByText('Please enter value')).toBeInTheDocument();
  },
};
export const ScanFromCode: Story = {
  args: StackEffective.args,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    // Enabled once the session's access is known (the button is found again: the reason's wrapper goes).
    await waitFor(() => expect(within(canvasElement).getByRole('button', { name: 'Scan from code' })).toBeEnabled(), { timeout: 5000 });
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Scan from code' }));
    await expect(await page.findByRole('checkbox', { name: 'Add region' }, { timeout: 5000 })).toBeDisabled();
  },
};
