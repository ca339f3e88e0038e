import { envelope, handle } from '@terrace/api-client/testing';
import { organizationFixtures } from '@terrace/organization/data-access/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { composeSettingsSections, type SettingsSectionProps } from '@terrace/session';
import { lazy } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '@terrace/session/testing';
import { renderPage, setupMsw } from '../../testing/render-page';
import { testSettingsSections } from '../../testing/settings-sections';
import { OrganizationSettingsPage } from './organization-settings-page';

const server = setupMsw();

// A section's module loads when the section is first shown; its first transform is slow on a
// loaded machine, so the sections the tests switch to are imported before they run.
beforeAll(() => import('./programmatic-users-section'), 60_000);

function open(url: string, canEdit = true) {
  return renderPage({
    path: 'organization/setting',
    element: <OrganizationSettingsPage sections={testSettingsSections} canEdit={canEdit} />,
    url,
  });
}

describe('OrganizationSettingsPage', () => {
  it('rewrites an alias of the other naming scheme to the canonical section id', async () => {
    server.use(handle('get', '/iam/org/team', () => envelope([organizationFixtures.team()])));
    const { router } = open('/app/organization/setting?id=teams');
    expect(await screen.findByRole('tab', { name: 'Teams', selected: true })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?id=team-list'));
    expect(await screen.findByRole('link', { name: 'Platform' })).toHaveAttribute(
      'href',
      '/app/team/team-platform',
    );
  });

  it('moves between sections with the arrow keys of a vertical tab list', async () => {
    server.use(
      handle('get', '/iam/org/user', () =>
        envelope([organizationFixtures.user()], { paging: { page: 1, pageSize: 20, total: 1 } }),
      ),
      handle('get', '/iam/org/customRole', () => envelope([])),
      handle('get', '/iam/org/programmaticUser', () => envelope([])),
    );
    const { user, router } = open('/app/organization/setting');
    const users = await screen.findByRole('tab', { name: 'Users', selected: true });
    expect(screen.getByRole('tablist', { name: 'Settings sections' })).toHaveAttribute(
      'aria-orientation',
      'vertical',
    );
    users.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('tab', { name: 'Programmatic users' })).toHaveFocus();
    await waitFor(() => expect(router.state.location.search).toBe('?id=programmatic-user-list'));
    expect(await screen.findByRole('heading', { name: 'No programmatic users yet' })).toBeInTheDocument();
  });

  it('shows a section another domain contributes, in its group, with the access the page decides', async () => {
    function NotificationsSection({ canEdit, readOnlyReason }: SettingsSectionProps) {
      return <button disabled={!canEdit} title={readOnlyReason}>Add a Slack channel</button>;
    }
    const sections = composeSettingsSections(
      [...testSettingsSections.values()],
      [
        {
          id: 'notification',
          title: { id: 'test.notification', message: 'Notifications' },
          description: { id: 'test.notification.d', message: 'Where run events are sent.' },
          content: { Component: lazy(async () => ({ default: NotificationsSection })) },
        },
      ],
    );
    renderPage({
      path: 'organization/setting',
      element: <OrganizationSettingsPage sections={sections} canEdit={false} />,
      url: '/app/organization/setting?id=notifications',
    });
    expect(await screen.findByRole('tab', { name: 'Notifications', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add a Slack channel' })).toBeDisabled();
  });

  it('shows the designed not-available panel for sections the server does not offer yet', async () => {
    open('/app/organization/setting?id=ssh-keys');
    expect(
      await screen.findByRole('heading', { name: 'SSH keys are not available yet' }),
    ).toBeInTheDocument();
  });

  it('saves each sign-in requirement as it is switched', async () => {
    const sent: unknown[] = [];
    let settings = { requireSsoSignIn: false, requireMfaForDirectUserSignIn: false };
    server.use(
      handle('get', '/org/signInSettings', () => envelope([settings])),
      handle('put', '/org/signInSettings', ({ body }) => {
        sent.push(body?.entity);
        settings = { ...settings, ...body?.entity };
        return envelope([settings]);
      }),
    );
    const { user } = open('/app/organization/setting?id=sign-in');
    const mfa = await screen.findByRole('switch', { name: 'MFA is required for non-SSO login' });
    expect(
      screen.getByRole('switch', { name: 'Allow login with SAML SSO only' }),
    ).not.toBeChecked();
    await user.click(mfa);
    await waitFor(() => expect(sent).toEqual([{ requireMfaForDirectUserSignIn: true }]));
    await waitFor(() =>
      expect(
        screen.getByRole('switch', { name: 'MFA is required for non-SSO login' }),
      ).toBeChecked(),
    );
    expect(await screen.findByText('Sign-in settings saved.')).toBeInTheDocument();
  });

  it('shows sign-in settings to a viewer with the switches disabled', async () => {
    server.use(
      handle('get', '/org/signInSettings', () =>
        envelope([{ requireSsoSignIn: true, requireMfaForDirectUserSignIn: false }]),
      ),
    );
    open('/app/organization/setting?id=sign-in', false);
    expect(
      await screen.findByRole('switch', { name: 'Allow login with SAML SSO only' }),
    ).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Allow login with SAML SSO only' })).toBeChecked();
    expect(
      screen.getAllByText('Only organization admins can change these settings.').length,
    ).toBeGreaterThan(0);
  });

  it('enables AI features only with the consent saved alongside', async () => {
    const sent: unknown[] = [];
    server.use(
      handle('get', '/org/configuration', () => envelope([])),
      handle('put', '/org/configuration', ({ body }) => {
        sent.push(body?.entity);
        return envelope([
          {
            organizationId: 'o-1',
            updatedAt: '2026-03-01T00:00:00Z',
            aiFeaturesConfiguration: { enabled: true, consented: true },
          },
        ]);
      }),
    );
    const { user } = open('/app/organization/setting?id=ai-features');
    await user.click(await screen.findByRole('switch', { name: 'Enable AI features' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'AI features stay unavailable until the consent above is given.',
    );
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent).toEqual([{ aiFeaturesConfiguration: { enabled: true, consented: true } }]),
    );
  });

  it('checks the OIDC settings and keeps the stored client secret when the field is left empty', async () => {
    const sent: unknown[] = [];
    const stored = organizationFixtures.oidcIdentityProvider();
    server.use(
      handle('get', '/iam/org/identityProvider', () => envelope([stored])),
      handle('put', '/iam/org/identityProvider', ({ body }) => {
        sent.push(body?.entity);
        return envelope([{ ...stored, updatedAt: '2026-03-02T00:00:00Z' }]);
      }),
    );
    const { user } = open('/app/organization/setting?id=idp');
    const form = await screen.findByRole('form', { name: 'Identity provider' });
    expect(
      within(form).getByDisplayValue('https://terrace.example.com/api/auth/sso/oidc/callback'),
    ).toBeInTheDocument();
    const issuer = within(form).getByRole('textbox', { name: /Issuer URL/ });
    await user.clear(issuer);
    await user.type(issuer, 'http://insecure.example.com');
    await user.click(within(form).getByRole('button', { name: 'Save identity provider' }));
    expect(issuer).toHaveAccessibleDescription('Enter the issuer URL, starting with https://.');
    expect(sent).toEqual([]);
    await user.clear(issuer);
    await user.type(issuer, 'https://login.example.com');
    await user.type(within(form).getByRole('textbox', { name: /E-mail domains/ }), ', example.org');
    await user.click(within(form).getByRole('button', { name: 'Save identity provider' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      type: 'oidc',
      emailDomains: ['example.com', 'example.org'],
      defaultRole: 'member',
      oidc: {
        issuerUrl: 'https://login.example.com',
        clientId: 'terrace',
        scopes: 'openid email profile',
        groupsClaim: 'groups',
      },
    });
    expect(await screen.findByText('Identity provider saved.')).toBeInTheDocument();
  });
});

describe('OrganizationSettingsPage in the console (access from the session)', () => {
  function openAs(role: string, customRole: Parameters<typeof signedInAs>[1] = null) {
    server.use(...signedInAs(role, customRole), handle('get', '/iam/org/team', () => envelope([organizationFixtures.team()])));
    return renderPage({ path: 'organization/setting', element: <OrganizationSettingsPage sections={testSettingsSections} />, url: '/app/organization/setting?id=team-list' });
  }

  it('disables the section for a viewer with the reason of the access model', async () => {
    openAs('viewer');
    const create = await screen.findByRole('button', { name: 'Create team' });
    await waitFor(() => expect(create).toBeDisabled());
    expect(create.closest('[data-slot="disabled-reason"]')).toHaveAccessibleDescription('Your role does not allow this. Ask an organization admin.');
  });

  it('enables the section for an admin', async () => {
    openAs('admin');
    await waitFor(async () => expect(await screen.findByRole('button', { name: 'Create team' })).toBeEnabled());
  });
});
