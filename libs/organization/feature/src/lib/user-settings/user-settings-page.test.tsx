import { organizationFixtures } from '@terrace/organization/data-access/testing';
import { envelope, errorResponse, handle } from '@terrace/api-client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../../testing/render-page';
import { UserSettingsPage } from './user-settings-page';

// The forms load their checks on first use (lazySchema); compiled once here, so that loading them
// in a test takes no longer than in the console on a loaded machine.
beforeAll(() => Promise.all([import('./profile-form.schema'), import('./password-form.schema')]));

const server = setupMsw();

const me = organizationFixtures.currentUser;

function open() {
  return renderPage({
    path: 'user/setting',
    element: <UserSettingsPage />,
    url: '/app/user/setting',
  });
}

describe('UserSettingsPage', () => {
  it('saves the profile and keeps what was typed when the server refuses', async () => {
    const sent: unknown[] = [];
    let fail = true;
    server.use(
      handle('get', '/iam/user/profile', () => envelope([me()])),
      handle('put', '/iam/user/profile', ({ body }) => {
        sent.push(body?.entity);
        if (fail)
          return errorResponse(400, 'validation_error', 'First name is too long', {
            field: 'entity.firstName',
          });
        return envelope([me({ firstName: 'Augusta' })]);
      }),
    );
    const { user } = open();
    const first = await screen.findByRole('textbox', { name: /First name/ });
    await user.clear(first);
    await user.type(first, 'Augusta');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('First name is too long')).toBeInTheDocument();
    expect(first).toHaveValue('Augusta');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile saved.')).toBeInTheDocument();
    expect(sent).toEqual([
      { firstName: 'Augusta', lastName: 'Lovelace' },
      { firstName: 'Augusta', lastName: 'Lovelace' },
    ]);
  });

  it('checks the new password before sending it', async () => {
    const sent: unknown[] = [];
    server.use(
      handle('get', '/iam/user/profile', () => envelope([me()])),
      handle('put', '/iam/user/password', ({ body }) => {
        sent.push(body?.entity);
        return envelope([{}]);
      }),
    );
    const { user } = open();
    await user.type(await screen.findByLabelText(/Current password/), 'old-password');
    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText(/Confirm new password/), 'other');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(
      /at least 8 characters/,
    );
    expect(screen.getByLabelText(/Confirm new password/)).toHaveAccessibleDescription(
      'The passwords do not match.',
    );
    expect(sent).toEqual([]);
    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), 'a-long-new-password');
    await user.clear(screen.getByLabelText(/Confirm new password/));
    await user.type(screen.getByLabelText(/Confirm new password/), 'a-long-new-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Password changed. Your other sessions were signed out.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ currentPassword: 'old-password', newPassword: 'a-long-new-password' }]);
    expect(screen.getByLabelText(/Current password/)).toHaveValue('');
  });

  it('marks a wrong current password on its field and keeps what was typed', async () => {
    server.use(
      handle('get', '/iam/user/profile', () => envelope([me()])),
      handle('put', '/iam/user/password', () =>
        errorResponse(400, 'bad_request', 'The current password is not correct', {
          field: 'entity.currentPassword',
        }),
      ),
    );
    const { user } = open();
    await user.type(await screen.findByLabelText(/Current password/), 'not-my-password');
    await user.type(screen.getByLabelText(/^New password/), 'a-long-new-password');
    await user.type(screen.getByLabelText(/Confirm new password/), 'a-long-new-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/Current password/)).toHaveAccessibleDescription(
        'The current password is not correct.',
      ),
    );
    expect(screen.getByLabelText(/^New password/)).toHaveValue('a-long-new-password');
  });

  it('sets up two-factor authentication from a QR code and a code the app computes', async () => {
    const totp = new TOTP({
      issuer: 'Terrace',
      label: 'ada@example.com',
      secret: 'JBSWY3DPEHPK3PXP',
    });
    let enabled = false;
    const codes: string[] = [];
    server.use(
      handle('get', '/iam/user/profile', () => envelope([me({ mfaEnabled: enabled })])),
      handle('post', '/iam/org/user/mfa/generate', () =>
        envelope([{ otpauthUrl: totp.toString(), secret: 'JBSWY3DPEHPK3PXP' }]),
      ),
      handle('post', '/iam/org/user/mfa/configure', ({ body }) => {
        codes.push(body?.entity.mfaCode ?? '');
        if (totp.validate({ token: body?.entity.mfaCode ?? '', window: 1 }) === null) {
          return errorResponse(400, 'validation_error', 'The code is not valid');
        }
        enabled = true;
        return envelope([{}]);
      }),
    );
    const { user } = open();
    await user.click(
      await screen.findByRole('button', { name: 'Set up two-factor authentication' }),
    );
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeInTheDocument();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    const code = screen.getByRole('textbox', { name: /Code from the app/ });
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));
    expect(code).toHaveAccessibleDescription(
      'Enter the 6-digit code your authenticator app shows.',
    );
    await user.clear(code);
    await user.type(code, totp.generate());
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));
    expect(await screen.findByText('Two-factor authentication is on.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Turn off two-factor authentication' }),
      ).toBeInTheDocument(),
    );
    expect(codes).toHaveLength(1);
  });

  it("turns two-factor authentication off with a current code, only after 'disable 2FA' is typed", async () => {
    const codes: string[] = [];
    server.use(
      handle('get', '/iam/user/profile', () => envelope([me({ mfaEnabled: codes.length === 0 })])),
      handle('post', '/iam/org/user/mfa/disable', ({ body }) => {
        codes.push(body?.entity.mfaCode ?? '');
        return envelope([{}]);
      }),
    );
    const { user } = open();
    await user.click(
      await screen.findByRole('button', { name: 'Turn off two-factor authentication' }),
    );
    const code = screen.getByRole('textbox', { name: /Current code from the app/ });
    expect(code).toHaveAccessibleDescription(
      'Enter the 6-digit code your authenticator app shows.',
    );
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor authentication' }));
    const dialog = await screen.findByRole('alertdialog');
    const confirm = within(dialog).getByRole('button', { name: 'Turn off' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), 'disable 2FA');
    await user.click(confirm);
    expect(await screen.findByText('Two-factor authentication is off.')).toBeInTheDocument();
    expect(codes).toEqual(['123456']);
  });

  it('tells an SSO user that the identity provider manages the account', async () => {
    server.use(handle('get', '/iam/user/profile', () => envelope([me({ userType: 'ssoUser' })])));
    open();
    expect(
      await screen.findByRole('heading', {
        name: 'Your account is managed by your identity provider',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save profile' })).not.toBeInTheDocument();
  });
});
