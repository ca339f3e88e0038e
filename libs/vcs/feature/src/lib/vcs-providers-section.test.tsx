import { envelope, errorResponse, handle } from '@terrace/api-client/testing';
import type { VcsProvider, VcsProviderInput, VcsProviderUpdate } from '@terrace/vcs/data-access';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../testing/render-page';
import { VcsProvidersSection } from './vcs-providers-section';

const server = setupMsw();

const gitlab: VcsProvider = {
  id: 'vcsp-gl1',
  type: 'gitlab-onprem',
  name: 'Our GitLab',
  authType: 'groupToken',
  gitCloneType: 'http',
  gitlabMetadata: { dnsName: 'gitlab.acme.test' },
  createdAt: '2026-01-10T00:00:00Z',
};

function render(canEdit = true) {
  return renderPage({
    path: 'organization/setting',
    element: <VcsProvidersSection canEdit={canEdit} readOnlyReason={canEdit ? '' : 'Only organization admins can change these settings.'} />,
    url: '/app/organization/setting?id=vcs-providers',
  });
}

describe('VcsProvidersSection', () => {
  it('connects a GitHub provider with its organization and token, and lists it', async () => {
    let providers: VcsProvider[] = [];
    const sent: VcsProviderInput[] = [];
    server.use(
      handle('get', '/vcs/provider', () => envelope(providers)),
      handle('post', '/vcs/provider', ({ body }) => {
        const entity = body?.entity as VcsProviderInput;
        sent.push(entity);
        const created: VcsProvider = { id: 'vcsp-new', type: entity.type, name: entity.name, authType: entity.authType, createdAt: '2026-03-01T00:00:00Z' };
        providers = [created];
        return envelope([created]);
      }),
    );
    const { user } = render();
    expect(await screen.findByText('No VCS providers yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Connect provider' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    // The nine types are offered.
    expect(within(dialog).getAllByRole('radio')).toHaveLength(9 + 2);
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByText('Enter a name for the connection.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the GitHub organization.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the access token.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Our GitHub');
    await user.type(within(dialog).getByRole('textbox', { name: /GitHub organization/ }), 'acme');
    await user.type(within(dialog).getByLabelText(/Access token/), 'ghp_secret');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([
      { type: 'github', name: 'Our GitHub', authType: 'token', gitCloneType: 'http', githubMetadata: { orgName: 'acme' }, credentials: { token: 'ghp_secret' } },
    ]);
    const row = (await screen.findByText('Our GitHub')).closest('tr') as HTMLElement;
    expect(within(row).getByText('GitHub')).toBeInTheDocument();
    expect(within(row).getByText('Access token')).toBeInTheDocument();
  });

  it('asks each type for its own fields: Bitbucket Data Center URL with a token, or user name and password; SSH cloning with a key', async () => {
    const sent: VcsProviderInput[] = [];
    server.use(
      handle('get', '/vcs/provider', () => envelope([])),
      handle('post', '/vcs/provider', ({ body }) => {
        sent.push(body?.entity as VcsProviderInput);
        return envelope([{ id: 'vcsp-b', type: 'bitbucket-data-center', name: 'BB' } satisfies VcsProvider]);
      }),
    );
    const { user } = render();
    await screen.findByText('No VCS providers yet');
    await user.click(screen.getAllByRole('button', { name: 'Connect provider' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Bitbucket Data Center' }));
    expect(within(dialog).queryByRole('textbox', { name: /GitHub organization/ })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Repository names look like project/repository.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'BB');
    await user.type(within(dialog).getByRole('textbox', { name: /Server URL/ }), 'https://bitbucket.acme.test');
    // Token by default; user name and password instead.
    expect(within(dialog).getByLabelText(/Access token/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /Authentication/ }));
    await user.click(await screen.findByRole('option', { name: 'User name and password' }));
    expect(within(dialog).queryByLabelText(/Access token/)).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /User name/ }), 'deploy');
    await user.type(within(dialog).getByLabelText(/^Password/), 'pw');
    await user.click(within(dialog).getByRole('radio', { name: 'SSH' }));
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByText('Paste the SSH private key used to clone.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /SSH private key/ }), 'KEY');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      type: 'bitbucket-data-center',
      name: 'BB',
      authType: 'password',
      gitCloneType: 'ssh',
      bitbucketDataCenterMetadata: { httpUrl: 'https://bitbucket.acme.test' },
      credentials: { username: 'deploy', password: 'pw', sshPrivateKey: 'KEY' },
    });
  });

  it("shows the host's message when the connection test fails", async () => {
    server.use(
      handle('get', '/vcs/provider', () => envelope([])),
      handle('post', '/vcs/validateConnection', () => envelope([{ isValid: false, message: '401 Bad credentials' }])),
    );
    const { user } = render();
    await screen.findByText('No VCS providers yet');
    await user.click(screen.getAllByRole('button', { name: 'Connect provider' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Our GitHub');
    await user.type(within(dialog).getByRole('textbox', { name: /GitHub organization/ }), 'acme');
    await user.type(within(dialog).getByLabelText(/Access token/), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    expect(await within(dialog).findByText('The host refused the connection: 401 Bad credentials')).toBeInTheDocument();
  });

  it('edits without showing a secret: empty keeps the stored one, so none is sent', async () => {
    const updates: VcsProviderUpdate[] = [];
    server.use(
      handle('get', '/vcs/provider', () => envelope([gitlab])),
      handle('put', '/vcs/provider/{providerId}', ({ body }) => {
        updates.push(body?.entity as VcsProviderUpdate);
        return envelope([{ ...gitlab, name: 'GitLab prod' }]);
      }),
    );
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Edit Our GitLab' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: /GitLab host name/ })).toHaveValue('gitlab.acme.test');
    expect(within(dialog).getByLabelText(/Access token/)).toHaveValue('');
    expect(within(dialog).getAllByText('Leave empty to keep the stored value; it is never shown again.').length).toBeGreaterThan(0);
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'GitLab prod');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates).toEqual([{ name: 'GitLab prod', authType: 'groupToken', gitCloneType: 'http' }]));
  });

  it("deletes only after 'delete me', and reveals a GitLab webhook secret only when asked", async () => {
    const deleted: string[] = [];
    let secretReads = 0;
    server.use(
      handle('get', '/vcs/provider', () => envelope(deleted.length ? [] : [gitlab])),
      handle('get', '/vcs/webhookSecret/gitlab', () => {
        secretReads += 1;
        return envelope([{ webhookUrl: 'https://terrace.test/api/vcs/webhook/gitlab?providerId=vcsp-gl1', secret: 'whsec_123' }]);
      }),
      handle('delete', '/vcs/provider/{providerId}', ({ params }) => {
        deleted.push(params['providerId'] ?? '');
        return envelope([]);
      }),
    );
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Webhook of Our GitLab' }));
    const reveal = await screen.findByRole('group', { name: 'Webhook secret' });
    expect(within(reveal).getByText('whsec_123')).toBeInTheDocument();
    expect(within(reveal).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(secretReads).toBe(1);
    await user.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete Our GitLab' }));
    const confirm = await screen.findByRole('alertdialog');
    const button = within(confirm).getByRole('button', { name: 'Delete provider' });
    expect(button).toBeDisabled();
    await user.type(within(confirm).getByRole('textbox'), 'delete me');
    await user.click(button);
    await waitFor(() => expect(deleted).toEqual(['vcsp-gl1']));
    expect(await screen.findByText('No VCS providers yet')).toBeInTheDocument();
  });

  it("keeps what was typed and marks the name when the server says it is taken", async () => {
    server.use(
      handle('get', '/vcs/provider', () => envelope([])),
      handle('post', '/vcs/provider', () =>
        errorResponse(409, 'already_exist', "A VCS provider named 'Our GitHub' already exists", { field: 'entity.name' }),
      ),
    );
    const { user } = render();
    await screen.findByText('No VCS providers yet');
    await user.click(screen.getAllByRole('button', { name: 'Connect provider' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Our GitHub');
    await user.type(within(dialog).getByRole('textbox', { name: /GitHub organization/ }), 'acme');
    await user.type(within(dialog).getByLabelText(/Access token/), 'ghp_secret');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Access token/)).toHaveValue('ghp_secret');
  });

  it('keeps the controls visible but disabled, with the reason, for those who may not change them', async () => {
    server.use(handle('get', '/vcs/provider', () => envelope([gitlab])));
    render(false);
    const edit = await screen.findByRole('button', { name: 'Edit Our GitLab' });
    expect(edit).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Our GitLab' })).toBeDisabled();
    const add = screen.getByRole('button', { name: 'Connect provider' });
    expect(add).toBeDisabled();
    expect(add.closest('[data-slot="disabled-reason"]')).toHaveAccessibleDescription('Only organization admins can change these settings.');
  });

  it('shows a failed list with a retry', async () => {
    server.use(handle('get', '/vcs/provider', () => errorResponse(500, 'internal_error', 'database unavailable')));
    render();
    expect(await screen.findByRole('button', { name: /Retry|Try again/ })).toBeInTheDocument();
  });
});
