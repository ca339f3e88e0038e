import type { Meta, StoryObj } from '@storybook/react-vite';
import { namespaceFixture } from '@terrace/namespaces/data-access/testing';
import { NamespaceSummary } from './namespace-summary';

const meta = {
  title: 'Namespaces/NamespaceSummary',
  component: NamespaceSummary,
  args: {
    namespace: namespaceFixture(),
    section: 'settings',
    teamNames: new Map([['team-sec', 'Security']]),
  },
} satisfies Meta<typeof NamespaceSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Settings: Story = {};

export const Overview: Story = { args: { section: 'overview' } };

export const SelfHostedWithTeamApproval: Story = {
  args: {
    namespace: namespaceFixture({
      description: null,
      iacConfig: { terraformVersion: null, terragruntVersion: '0.68.1', opentofuVersion: '1.8.5' },
      runnerConfig: { mode: 'selfHosted', groups: ['eu-west', 'eu-central'], isOverridable: false },
      deploymentApprovalPolicy: { rules: [{ type: 'requireTeamsApproval', parameters: { teams: ['team-sec'] } }], overrideBehavior: 'deny' },
      capabilities: { deployOnPush: { status: 'disabled', isOverridable: false } },
    }),
  },
};

export const OrganizationDefaults: Story = {
  args: {
    namespace: namespaceFixture({ iacConfig: null, runnerConfig: null, deploymentApprovalPolicy: null, capabilities: null }),
  },
};
