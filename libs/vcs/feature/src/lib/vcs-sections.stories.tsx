import type { Meta, StoryObj } from '@storybook/react-vite';
import { vcsFixtures } from '@terrace/vcs/data-access/testing';
import { expect, userEvent, within } from 'storybook/test';
import { StoryApp, type StoryRoutes } from '../testing/story-app';
import { SshKeysSection } from './ssh-keys-section';
import { VcsProvidersSection } from './vcs-providers-section';

const routes: StoryRoutes = {
  'GET /vcs/provider': () => [
    vcsFixtures.provider(),
    vcsFixtures.provider({ id: 'vcsp-gitlab01', type: 'gitlab-onprem', name: 'GitLab (self-managed)', authType: 'groupToken', githubMetadata: undefined, gitlabMetadata: { dnsName: 'gitlab.acme.test' } }),
    vcsFixtures.provider({ id: 'vcsp-azure01', type: 'azure-devops', name: 'Azure DevOps', authType: 'specificOrg', githubMetadata: undefined, azureDevopsMetadata: { httpUrl: 'https://dev.azure.com/acme' } }),
  ],
  'GET /vcs/webhookSecret/gitlab': () => [{ webhookUrl: 'https://terrace.acme.test/api/vcs/webhook/gitlab?providerId=vcsp-gitlab01', secret: 'whsec_5f1c9a0e7b' }],
  'GET /sshKey': () => [vcsFixtures.sshKey(), vcsFixtures.sshKey({ id: 'sshk-modules', name: 'private-modules', isPrimary: false })],
  'GET /gitSigningKey': () => [vcsFixtures.gitSigningKey()],
};

const meta = {
  title: 'Vcs/Settings sections',
  component: StoryApp,
  args: {
    path: 'organization/setting',
    url: '/app/organization/setting?id=vcs-providers',
    element: <VcsProvidersSection canEdit readOnlyReason="" />,
    routes,
  },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Providers: Story = {};
export const ProvidersEmpty: Story = { args: { routes: { ...routes, 'GET /vcs/provider': () => [] } } };
export const ProvidersReadOnly: Story = {
  args: { element: <VcsProvidersSection canEdit={false} readOnlyReason="Only organization admins can change these settings." /> },
};
/** The connect dialog on GitLab self-managed: host name, token kind and token. */
export const ConnectGitlab: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Connect provider' }));
    const dialog = within(canvasElement.ownerDocument.body);
    await userEvent.click(await dialog.findByRole('radio', { name: 'GitLab CE/EE (self-managed)' }));
    await expect(await dialog.findByRole('textbox', { name: /GitLab host name/ })).toBeVisible();
  },
};
/** The webhook secret, read only when asked, with its copy button. */
export const WebhookSecret: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Webhook of GitLab (self-managed)' }));
    await expect(await within(canvasElement.ownerDocument.body).findByText('whsec_5f1c9a0e7b')).toBeVisible();
  },
};
export const SshKeys: Story = {
  args: { url: '/app/organization/setting?id=ssh-keys', element: <SshKeysSection canEdit readOnlyReason="" /> },
};
export const SshKeysEmpty: Story = {
  args: {
    url: '/app/organization/setting?id=ssh-keys',
    element: <SshKeysSection canEdit readOnlyReason="" />,
    routes: { ...routes, 'GET /sshKey': () => [], 'GET /gitSigningKey': () => [] },
  },
};
/** Editing a provider: the stored settings, the secrets empty with "leave empty to keep". */
export const EditProvider: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit GitLab (self-managed)' }));
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('textbox', { name: /GitLab host name/ })).toHaveValue('gitlab.acme.test');
    await expect(body.getAllByText('Leave empty to keep the stored value; it is never shown again.')[0]).toBeVisible();
  },
};
export const SshKeysReadOnly: Story = {
  args: {
    url: '/app/organization/setting?id=ssh-keys',
    element: <SshKeysSection canEdit={false} readOnlyReason="Only organization admins can change these settings." />,
  },
};
