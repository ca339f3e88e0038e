import type { Meta, StoryObj } from '@storybook/react-vite';
import { namespaceFixture } from '@terrace/namespaces/data-access/testing';
import { stackFixture, stateLockFixture, stateUnitFixture, stateVersionFixture } from '@terrace/stacks/data-access/testing';
import { StoryApp, type StoryRoutes } from '../testing/story-app';
import { StackList } from './stack-list';
import { StackPage } from './stack-page';
import { CreateStackRoute } from './stack-wizard-page';

const namespace = namespaceFixture({ id: 'ns-1', name: 'Production', runnerConfig: { mode: 'selfHosted', groups: ['eu-west'], isOverridable: false } });
const stacks = [
  stackFixture(),
  stackFixture({ id: 'stk-2', name: 'dns', iacType: 'opentofu', driftState: 'drifted' }),
  stackFixture({ id: 'stk-3', name: 'preview-42', stackType: 'ephemeral', errorState: 'stackPassedItsTTL' }),
  stackFixture({ id: 'stk-4', name: 'eks', iacType: 'terragrunt', errorState: 'initializationFailed' }),
];

const routes: StoryRoutes = {
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
  'GET /namespace': () => [namespace],
  'GET /namespace/{namespaceId}': () => [namespace],
  'GET /stack': () => stacks,
  'GET /stack/{stackId}': () => [
    stackFixture({ stackType: 'ephemeral', expiresAt: new Date(Date.now() + 53 * 3_600_000).toISOString() }),
  ],
  'GET /audit/event': () => [],
  'GET /vcs/provider': () => [],
  'GET /common/terraformVersions': () => [{ terraformVersions: ['1.9.8', '1.9.7', '1.10.0-rc1', '1.5.7'] }],
};

const meta = {
  title: 'Stacks/Pages',
  component: StoryApp,
  args: { path: 'stacks', url: '/app/stacks', element: <StackList />, routes },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {};
export const ListEmpty: Story = {
  args: { path: 'namespace/:namespaceId', url: '/app/namespace/ns-1', element: <StackList namespaceId="ns-1" />, routes: { ...routes, 'GET /stack': () => [] } },
};
export const StackOverview: Story = {
  args: { path: 'stack/:stackId', url: '/app/stack/stk-1', element: <StackPage /> },
};
export const StackResources: Story = {
  args: {
    path: 'stack/:stackId',
    url: '/app/stack/stk-1?tab=resources',
    element: <StackPage />,
    routes: {
      ...routes,
      'GET /stack/resource': () => [
        { address: 'data.aws_ami.base', type: 'aws_ami', name: 'base', mode: 'data', provider: 'registry.terraform.io/hashicorp/aws', logicalResourceId: 'ami-0abc', iacState: 'managed' },
        {
          address: 'module.net.aws_subnet.private["a"]',
          type: 'aws_subnet',
          name: 'private',
          mode: 'managed',
          module: 'module.net',
          provider: 'registry.terraform.io/hashicorp/aws',
          logicalResourceId: 'arn:aws:ec2:eu-west-1:123456789012:subnet/subnet-a',
          region: 'eu-west-1',
          iacState: 'managed',
        },
      ],
    },
  },
};
// Before the stack's own route: `GET /stack/{stackId}` would answer these paths too.
const stateRoutes: StoryRoutes = {
  'GET /stack/stateUnit': () => [],
  'GET /stack/stateLock': () => [stateLockFixture()],
  'GET /stack/stateVersion': () => [
    stateVersionFixture({ id: 'sv-3', serial: 3 }),
    stateVersionFixture({ id: 'sv-2', serial: 2, status: 'quarantined', reason: 'The state’s serial 1 is lower than the current serial 2.' }),
    stateVersionFixture({ id: 'sv-1', serial: 1, status: 'superseded' }),
  ],
  ...routes,
};
/** A stack of one state: its lock and its history, as before terragrunt units. */
export const StackState: Story = {
  args: { path: 'stack/:stackId', url: '/app/stack/stk-1?tab=state', element: <StackPage />, routes: stateRoutes },
};
/** A terragrunt stack run with run all: the root's and each unit's locks, and a unit's history chosen in the URL. */
export const StackStateUnits: Story = {
  args: {
    path: 'stack/:stackId',
    url: '/app/stack/stk-1?tab=state&stateUnit=prod%2Fvpc',
    element: <StackPage />,
    routes: {
      ...stateRoutes,
      'GET /stack/stateUnit': () => [stateUnitFixture({ unit: 'prod/app', serial: 1 }), stateUnitFixture()],
      'GET /stack/stateLock': () => [
        stateLockFixture({ lockId: 'lock-root' }),
        stateLockFixture({ lockId: 'lock-app', unit: 'prod/app', who: 'job-7', holder: { kind: 'job', id: 'job-7', name: 'job-7' } }),
        stateLockFixture({ lockId: 'lock-vpc', unit: 'prod/vpc', who: 'job-7', holder: { kind: 'job', id: 'job-7', name: 'job-7' } }),
      ],
      'GET /stack/stateVersion': () => [
        stateVersionFixture({ id: 'sv-v2', serial: 2, unit: 'prod/vpc' }),
        stateVersionFixture({ id: 'sv-v1', serial: 1, status: 'superseded', unit: 'prod/vpc' }),
      ],
    },
  },
};
export const CreateWizard: Story = {
  args: { path: 'createStackWizard', url: '/app/createStackWizard?namespaceId=ns-1', element: <CreateStackRoute /> },
};
