import { envelope, errorResponse, handle } from '@terrace/api-client/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activateLocale } from '@terrace/i18n';
import { lazyPage } from '@terrace/session';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { renderConsole, server, sessionHandlers } from '../../testing/console-fixture';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const day = 86_400_000;

describe('layout, navigation and header', () => {
  it('filters the navigation by role and marks disaster recovery locked without the capability', async () => {
    server.use(...sessionHandlers({ role: 'admin', capabilities: { disasterRecovery: false, aiAgent: true } }));
    renderConsole({ path: '/app/audit' });
    const nav = await screen.findByTestId('side-nav');
    // The navigation's frame is drawn before the session answers; its entries come with it.
    expect(await within(nav).findByRole('link', { name: /Disaster Recovery/ })).toHaveAttribute('data-locked', 'true');
    expect(within(nav).getByRole('link', { name: 'Audit' })).toHaveAttribute('aria-current', 'page');
    // Not on the allow-list: the migration entry is not offered.
    expect(within(nav).queryByRole('link', { name: 'Terraform Cloud Migration' })).toBeNull();
  });

  it('groups Terraform Modules and Terraform Providers under Private Registry inside Terraform Explorer (spec §2.4)', async () => {
    server.use(...sessionHandlers({ role: 'admin' }));
    renderConsole({ path: '/app/tfRegistry?tab=providers' });
    const nav = await screen.findByTestId('side-nav');
    const explorer = await within(nav).findByRole('group', { name: 'Terraform Explorer' });
    const registry = within(explorer).getByRole('group', { name: 'Private Registry' });
    expect(within(registry).getAllByRole('link').map((a) => a.textContent)).toEqual(['Terraform Modules', 'Terraform Providers']);
    expect(within(registry).getByRole('link', { name: 'Terraform Providers' })).toHaveAttribute('aria-current', 'page');
    expect(within(explorer).getByRole('link', { name: 'Explorer' })).toHaveAttribute('href', '/app/tfExplorer');
  });

  it('lists Stack Discovery under Infrastructure Automation, current on a discovery configuration page', async () => {
    server.use(...sessionHandlers({ role: 'admin' }), handle('get', '/stackDiscoveryConfiguration/{stackDiscoveryConfigurationId}', () => errorResponse(404, 'not_found', 'Not found')));
    renderConsole({ path: '/app/stackDiscovery/sdc-1' });
    const nav = await screen.findByTestId('side-nav');
    const automation = await within(nav).findByRole('group', { name: 'Infrastructure Automation' });
    const entry = within(automation).getByRole('link', { name: 'Stack Discovery' });
    expect(entry).toHaveAttribute('href', '/app/stackDiscovery');
    expect(entry).toHaveAttribute('aria-current', 'page');
  });

  it('sends an admin without AI consent from the assistant entry to the AI features settings section', async () => {
    let event: unknown;
    server.use(
      handle('post', '/console/event', ({ body }) => {
        event = body;
        return envelope([{}]);
      }),
      ...sessionHandlers({ role: 'admin', aiFeatures: { enabled: true, consented: false } }),
    );
    const { router } = renderConsole({ path: '/app/audit' });
    const nav = await screen.findByTestId('side-nav');
    const entry = await within(nav).findByRole('link', { name: 'AI Chat Assistant' });
    expect(entry).toHaveAccessibleDescription('Click here to enable AI features');
    await userEvent.click(entry);
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/app/organization/setting?id=ai-features'));
    expect(screen.queryByText('The AI Chat Assistant is not available yet.')).toBeNull();
    await waitFor(() => expect(event).toMatchObject({ entity: { title: 'AI assistant icon clicked' } }));
  });

  it('sends a viewer without AI features configured there too', async () => {
    server.use(...sessionHandlers({ role: 'viewer' }));
    renderConsole({ path: '/app/audit' });
    const nav = await screen.findByTestId('side-nav');
    expect(await within(nav).findByRole('link', { name: 'AI Chat Assistant' })).toHaveAttribute(
      'href',
      '/app/organization/setting?id=ai-features',
    );
  });

  it('shows a member without AI consent the entry disabled, with the message to contact an administrator', async () => {
    server.use(...sessionHandlers({ role: 'member', aiFeatures: { enabled: false, consented: false } }));
    const { router } = renderConsole({ path: '/app/audit' });
    const nav = await screen.findByTestId('side-nav');
    const entry = await within(nav).findByRole('button', { name: 'AI Chat Assistant' });
    await waitFor(() =>
      expect(entry).toHaveAccessibleDescription('AI features are not enabled for this organization. Please contact your administrator.'),
    );
    expect(entry).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(entry);
    expect(router.state.location.pathname).toBe('/app/audit');
    expect(screen.queryByText('The AI Chat Assistant is not available yet.')).toBeNull();
  });

  it('moves focus to the new page heading after navigating (a wizard), not leaving it on body or the link', async () => {
    server.use(...sessionHandlers({ role: 'admin' }));
    const { router } = renderConsole({ path: '/app/audit' });
    const nav = await screen.findByTestId('side-nav');
    await screen.findByRole('heading', { level: 1 });
    await act(() => router.navigate('/app/createStackWizard'));
    const heading = await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(heading).toHaveFocus());
    // A link of the navigation: focus follows to the page it opens.
    await userEvent.click(within(nav).getByRole('link', { name: 'Audit' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
    expect(document.activeElement).not.toBe(document.body);
  });

  it('shows namespace-only users only the pages they may open', async () => {
    server.use(...sessionHandlers({ role: 'nsOnly' }));
    renderConsole({ path: '/app/namespaces' });
    await screen.findByTestId('not-available-title');
    // No entry of the navigation tree is open to them except the namespaces page.
    const nav = [screen.getByTestId('side-nav')];
    const links = nav
      .flatMap((n) => within(n).queryAllByRole('link'))
      .filter((a) => a.getAttribute('aria-label') !== 'Terrace home')
      .map((a) => a.textContent);
    expect(new Set(links)).toEqual(new Set(['Namespaces and Stacks']));
  });

  it('hides the navigation in management organizations', async () => {
    server.use(...sessionHandlers({ role: 'admin', organizationType: 'management' }));
    renderConsole({ path: '/app/organization/setting' });
    await screen.findByTestId('not-available-title');
    expect(screen.queryByTestId('side-nav')).toBeNull();
    expect(screen.queryByTestId('top-nav')).toBeNull();
  });

  it.each([
    [-1, 'Free trial has ended', 'danger'],
    [3, 'Free trial expires in: 3 day(s)', 'neutral'],
    [40, 'Free trial expires in: 14 day(s)', 'neutral'],
  ])('labels a free trial ending in %s days', async (days, text, tone) => {
    server.use(
      ...sessionHandlers({ pricingPlan: 'freeTrial', freeTrialExpiration: new Date(Date.now() + days * day - 60_000).toISOString() }),
    );
    renderConsole({ path: '/app/audit' });
    const label = await screen.findByTestId('free-trial-label');
    expect(label).toHaveTextContent(text);
    expect(label).toHaveAttribute('data-tone', tone);
  });

  it('toggles a bookmark of the current page with the star', async () => {
    server.use(...sessionHandlers());
    renderConsole({ path: '/app/audit' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add to bookmarks' }));
    expect(JSON.parse(localStorage.getItem('menuBookmarks') ?? '[]')).toEqual(['audit']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove from bookmarks' }));
    expect(JSON.parse(localStorage.getItem('menuBookmarks') ?? '[]')).toEqual([]);
  });

  it('caps the notifications badge at 5+ and remembers the newest one seen', async () => {
    const items = Array.from({ length: 7 }, (_, i) => ({
      title: `News ${i}`,
      text: 'Read the [LINK] now',
      linkText: 'release notes',
      linkUrl: 'https://example.com',
      date: new Date(Date.UTC(2026, 0, i + 1)).toISOString(),
    }));
    server.use(handle('get', '/notifications/feed', () => envelope(items)), ...sessionHandlers());
    renderConsole({ path: '/app/audit' });
    expect(await screen.findByTestId('notifications-badge')).toHaveTextContent('5+');
    await userEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    expect(await screen.findByText('News 6')).toBeInTheDocument();
    expect(localStorage.getItem('latestNotificationDate')).toBe(items[6]?.date);
  });

  it('shows the product news of the feed in the chosen language', async () => {
    localStorage.setItem('localSettings', JSON.stringify({ locale: 'ja' }));
    onTestFinished(async () => {
      localStorage.removeItem('localSettings');
      await activateLocale('en');
    });
    server.use(
      handle('get', '/notifications/feed', () =>
        envelope([
          {
            title: 'Welcome to Terrace',
            text: 'Manage Terraform, Terragrunt and OpenTofu stacks across your cloud accounts. [LINK]',
            linkText: 'Open the documentation',
            linkUrl: '/app/docsFallback',
            date: '2026-11-01T00:00:00.000Z',
          },
        ]),
      ),
      ...sessionHandlers(),
    );
    renderConsole({ path: '/app/audit' });
    await userEvent.click(await screen.findByTestId('notifications-button'));
    const list = await screen.findByTestId('notifications-list');
    expect(await within(list).findByText('Terrace へようこそ')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'ドキュメントを開く' })).toBeInTheDocument();
    expect(list.textContent).not.toMatch(/Welcome|Manage Terraform/);
  });

  it('switches organization with a toast, and only closes when the current one is chosen', async () => {
    let desired: string | null = null;
    server.use(
      ...sessionHandlers(),
      handle('get', '/iam/org/userAllowedOrganization', () =>
        envelope([
          { id: 'o-acme1', name: 'Acme Cloud', type: 'regular' as const, pricingPlan: 'pro' as const, orgRole: 'admin' },
          { id: 'o-beta1', name: 'Beta Labs', type: 'regular' as const, pricingPlan: 'pro' as const, orgRole: 'viewer' },
        ]),
      ),
      handle('post', '/auth/tradeSession', ({ query }) => {
        desired = query.get('desiredOrganizationId');
        const org = { id: 'o-beta1', name: 'Beta Labs', type: 'regular' as const, pricingPlan: 'pro' as const, freeTrialExpiration: null };
        return envelope([
          {
            token: 'tsn_beta',
            organization: org,
            user: {
              id: 'usr-1',
              email: 'ada@example.com',
              firstName: 'Ada',
              lastName: 'Lovelace',
              userType: 'directUser' as const,
              orgRole: 'viewer',
              orgUserRole: 'viewer',
              customRoleId: null,
              teams: [],
              mfaEnabled: false,
              organization: org,
            },
          },
        ]);
      }),
    );
    const { router } = renderConsole({ path: '/app/audit' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Switch organization' }));
    await user.click(await screen.findByRole('button', { name: 'Switch' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(desired).toBeNull();

    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Switch organization' }));
    await user.click(await screen.findByRole('combobox', { name: /Organization/ }));
    await user.click(await screen.findByRole('option', { name: 'Beta Labs' }));
    await user.click(screen.getByRole('button', { name: 'Switch' }));
    expect(await screen.findByText('Switching to Beta Labs')).toBeInTheDocument();
    expect(desired).toBe('o-beta1');
    expect(localStorage.getItem('auth_token')).toBe('tsn_beta');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/app/audit'));
  });

  it('says so when switching organization fails', async () => {
    server.use(
      ...sessionHandlers(),
      handle('get', '/iam/org/userAllowedOrganization', () =>
        envelope([
          { id: 'o-acme1', name: 'Acme Cloud', type: 'regular' as const, pricingPlan: 'pro' as const, orgRole: 'admin' },
          { id: 'o-beta1', name: 'Beta Labs', type: 'regular' as const, pricingPlan: 'pro' as const, orgRole: 'viewer' },
        ]),
      ),
      handle('post', '/auth/tradeSession', () => errorResponse(404, 'not_found', 'Organization not found')),
    );
    renderConsole({ path: '/app/audit' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Switch organization' }));
    await user.click(await screen.findByRole('combobox', { name: /Organization/ }));
    await user.click(await screen.findByRole('option', { name: 'Beta Labs' }));
    await user.click(screen.getByRole('button', { name: 'Switch' }));
    expect(await screen.findByText('Failed to switch organization')).toBeInTheDocument();
  });

  it('hides Edit Profile for SSO users and shows team links to admins in the session information', async () => {
    server.use(...sessionHandlers({ userType: 'ssoUser', role: 'admin', teams: [{ id: 'team-1', name: 'Platform' }] }));
    renderConsole({ path: '/app/audit' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    expect(screen.queryByRole('menuitem', { name: 'Edit Profile' })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Session information' }));
    const dialog = await screen.findByRole('dialog', { name: 'Session information' });
    expect(within(dialog).getByRole('link', { name: 'Platform' })).toHaveAttribute('href', '/app/team/team-1');
  });

  it('shows the SSO reminder to admins and lets them dismiss it for good', async () => {
    server.use(
      handle('get', '/org/signInSettings', () => envelope([{ requireSsoSignIn: false, requireMfaForDirectUserSignIn: true }])),
      ...sessionHandlers({ role: 'admin' }),
    );
    renderConsole({ path: '/app/audit' });
    const banner = await screen.findByTestId('sso-banner');
    expect(screen.queryByTestId('mfa-banner')).toBeNull();
    await userEvent.click(within(banner).getByRole('button', { name: "Don't show again" }));
    expect(screen.queryByTestId('sso-banner')).toBeNull();
    expect(localStorage.getItem('ssoBannerDismissed')).toBe('true');
  });

  it("draws the frame before the session answers, the page's heading in it, and the page once its access is known", async () => {
    const gate: { open?: () => void } = {};
    const answered = new Promise<void>((resolve) => (gate.open = resolve));
    server.use(
      ...sessionHandlers({ role: 'admin' }),
      handle('get', '/iam/org/userOrgRole', async () => {
        await answered;
        return envelope([
          {
            orgRole: 'admin',
            orgUserRole: 'admin',
            customRoleId: null,
            customRole: null,
            organizationId: 'org-1',
            teams: [],
          },
        ]);
      }),
    );
    const auditPage = lazyPage(async () => () => <p>Every change, by whom</p>, {
      title: { id: 'test.audit.title', message: 'Audit trail' },
      description: { id: 'test.audit.description', message: 'Who changed what.' },
    });
    renderConsole({ path: '/app/audit', pages: { audit: auditPage } });
    expect(await screen.findByRole('heading', { name: 'Audit trail' })).toBeVisible();
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('aria-busy', 'true');
    expect(within(main).getByText('Who changed what.')).toBeVisible();
    expect(screen.getByRole('banner'), 'the header bar is drawn').toBeInTheDocument();
    expect(screen.getByTestId('side-nav')).toBeInTheDocument();
    expect(
      screen.queryByRole('toolbar', { name: 'Console tools' }),
      'the tools come with the session',
    ).toBeNull();
    expect(screen.queryByText('Every change, by whom'), 'the page waits for its access').toBeNull();
    const reserved = document.querySelectorAll('[data-reminder-slot]');
    expect([...reserved].map((slot) => slot.getAttribute('data-reminder-slot'))).toEqual([
      'mfa',
      'sso',
    ]);
    for (const slot of reserved) expect(slot).toHaveAttribute('inert');

    gate.open?.();
    expect(await screen.findByText('Every change, by whom')).toBeVisible();
    expect(
      within(main).queryByRole('heading', { name: 'Audit trail' }),
      "the page replaced the frame's heading",
    ).toBeNull();
    expect(main).not.toHaveAttribute('aria-busy');
    expect(await screen.findByRole('toolbar', { name: 'Console tools' })).toBeInTheDocument();
  });

  it("keeps the reminders' room reserved until they are known, then shows the banner in it", async () => {
    const gate: { open?: () => void } = {};
    const answered = new Promise<void>((resolve) => (gate.open = resolve));
    server.use(
      handle('get', '/org/signInSettings', async () => {
        await answered;
        return envelope([{ requireSsoSignIn: false, requireMfaForDirectUserSignIn: true }]);
      }),
      ...sessionHandlers({ role: 'admin' }),
    );
    renderConsole({ path: '/app/audit' });
    await screen.findByRole('toolbar', { name: 'Console tools' });
    expect(document.querySelectorAll('[data-reminder-slot]')).toHaveLength(2);
    expect(screen.queryByTestId('sso-banner')).toBeNull();
    gate.open?.();
    expect(await screen.findByTestId('sso-banner')).toBeInTheDocument();
    expect(document.querySelectorAll('[data-reminder-slot]')).toHaveLength(0);
  });

  it('reserves no room for reminders a member never sees', async () => {
    server.use(...sessionHandlers({ role: 'member' }));
    renderConsole({ path: '/app/audit' });
    await screen.findByRole('toolbar', { name: 'Console tools' });
    await waitFor(() => expect(screen.getByRole('main')).not.toHaveAttribute('aria-busy'));
    expect(document.querySelectorAll('[data-reminder-slot]')).toHaveLength(0);
  });

  it('signs out: the token is gone and the visitor is on the sign-in page', async () => {
    server.use(...sessionHandlers(), handle('post', '/auth/signOut', () => envelope([{}])));
    const { router } = renderConsole({ path: '/app/audit' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});

describe('AI Chat Assistant entry', () => {
  it('with AI features on, reports the click as a console event and says the assistant is not available yet', async () => {
    let event: unknown;
    server.use(
      handle('post', '/console/event', ({ body }) => {
        event = body;
        return envelope([{}]);
      }),
      ...sessionHandlers({ role: 'member', aiFeatures: { enabled: true, consented: true } }),
    );
    renderConsole({ path: '/app/audit' });
    await userEvent.click(await screen.findByRole('button', { name: 'AI Chat Assistant' }));
    expect(await screen.findByText('The AI Chat Assistant is not available yet.')).toBeInTheDocument();
    await waitFor(() => expect(event).toMatchObject({ entity: { title: 'AI assistant icon clicked' } }));
  });

  it('is hidden for namespace-only users', async () => {
    server.use(...sessionHandlers({ role: 'nsOnly' }));
    renderConsole({ path: '/app/namespaces' });
    await screen.findByTestId('side-nav');
    expect(screen.queryByRole('button', { name: 'AI Chat Assistant' })).toBeNull();
  });
});
