import { envelope, handle } from '@terrace/api-client/testing';
import type { SshKey, SshKeyInput } from '@terrace/vcs/data-access';
import { vcsFixtures } from '@terrace/vcs/data-access/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../testing/render-page';
import { SshKeysSection } from './ssh-keys-section';

const server = setupMsw();

function render(canEdit = true) {
  return renderPage({
    path: 'organization/setting',
    element: <SshKeysSection canEdit={canEdit} readOnlyReason={canEdit ? '' : 'Only organization admins can change these settings.'} />,
    url: '/app/organization/setting?id=ssh-keys',
  });
}

describe('SshKeysSection', () => {
  it('lists keys with fingerprint and the primary badge, adds a pasted key, moves the primary mark, deletes after "delete me"', async () => {
    let keys: SshKey[] = [vcsFixtures.sshKey()];
    const added: SshKeyInput[] = [];
    const deleted: string[] = [];
    server.use(
      handle('get', '/sshKey', () => envelope(keys)),
      handle('get', '/gitSigningKey', () => envelope([])),
      handle('post', '/sshKey', ({ body }) => {
        const entity = body?.entity as SshKeyInput;
        added.push(entity);
        const created = vcsFixtures.sshKey({ id: 'sshk-ci', name: entity.name, isPrimary: false, fingerprint: 'SHA256:new' });
        keys = [...keys, created];
        return envelope([created]);
      }),
      handle('put', '/sshKey/{keyId}/setPrimary', ({ params }) => {
        keys = keys.map((key) => ({ ...key, isPrimary: key.id === params['keyId'] }));
        return envelope([]);
      }),
      handle('delete', '/sshKey/{keyId}', ({ params }) => {
        deleted.push(params['keyId'] ?? '');
        keys = keys.filter((key) => key.id !== params['keyId']);
        return envelope([]);
      }),
    );
    const { user } = render();
    const table = await screen.findByRole('table', { name: 'SSH keys' });
    const deployRow = (await within(table).findByText('deploy')).closest('tr') as HTMLElement;
    expect(within(deployRow).getByText('Primary')).toBeInTheDocument();
    expect(within(deployRow).getByText(vcsFixtures.sshKey().fingerprint ?? '')).toBeInTheDocument();
    expect(within(deployRow).queryByRole('button', { name: /primary/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add SSH key' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Add key' }));
    expect(await within(dialog).findByText('Paste the private key.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'ci');
    await user.type(within(dialog).getByRole('textbox', { name: /Private key/ }), '-----BEGIN OPENSSH PRIVATE KEY-----');
    await user.click(within(dialog).getByRole('button', { name: 'Add key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(added).toEqual([{ name: 'ci', privateKey: '-----BEGIN OPENSSH PRIVATE KEY-----' }]);

    await user.click(await within(table).findByRole('button', { name: 'Make ci the primary key' }));
    await waitFor(() => expect(within(within(table).getByText('ci').closest('tr') as HTMLElement).getByText('Primary')).toBeInTheDocument());
    expect(within(within(table).getByText('deploy').closest('tr') as HTMLElement).queryByText('Primary')).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Delete deploy' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByRole('button', { name: 'Delete key' })).toBeDisabled();
    await user.type(within(confirm).getByRole('textbox'), 'delete me');
    await user.click(within(confirm).getByRole('button', { name: 'Delete key' }));
    await waitFor(() => expect(deleted).toEqual(['sshk-deploy01']));
    await waitFor(() => expect(within(table).queryByText('deploy')).not.toBeInTheDocument());
  });

  it('shows both empty states, and disabled add buttons with the reason for non-admins', async () => {
    server.use(handle('get', '/sshKey', () => envelope([])), handle('get', '/gitSigningKey', () => envelope([])));
    render(false);
    expect(await screen.findByText('No SSH keys yet')).toBeInTheDocument();
    expect(await screen.findByText('No git signing keys yet')).toBeInTheDocument();
    for (const name of ['Add SSH key', 'Add signing key']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button.closest('[data-slot="disabled-reason"]')).toHaveAccessibleDescription('Only organization admins can change these settings.');
    }
  });
});
