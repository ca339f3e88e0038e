import { signUpAccount } from './support/api';
import { useStoredSession } from './pages/shell';
import { baseUrl, expect, test } from './support/test';

test.describe('error catalogue', () => {
  test('a 401 says to sign in again and returns to sign-in with the redirect target', async ({ page, shell }) => {
    // A token the API never issued: every call answers 401 for real.
    await useStoredSession(page, 'tsn_not_a_real_token');
    await page.goto('/app/audit?x=1');
    await expect(shell.toast('Authentication Fail'), 'the 401 toast shows').toBeVisible();
    await expect(page, 'after 600 ms the visitor is on sign-in with the redirect').toHaveURL('/auth/login?redirect=%2Fapp%2Faudit%3Fx%3D1');
    expect(await page.evaluate(() => localStorage.getItem('auth_token')), 'the session is gone').toBeNull();
  });

  for (const [status, message] of [
    [403, 'User is not authorized to perform this action'],
    [404, 'Not Found'],
    [500, 'Internal Server Error'],
    [508, 'Time Out'],
    [502, 'Something went wrong'],
  ] as const) {
    test(`a ${status} answer shows '${message}'`, async ({ page, shell }) => {
      const account = await signUpAccount(baseUrl(), `Errors ${status}`);
      // The server has no way to answer these for a healthy call; the feed call gets them instead.
      await page.route('**/api/notifications/feed?*', (route) =>
        route.fulfill({
          status,
          json: { request: { id: 'req-e2e' }, response: { items: [], errors: [{ code: 'forbidden', message: 'unauthorized', field: null }] } },
        }),
      );
      await useStoredSession(page, account.token);
      await page.goto('/app/dashboard');
      await expect(shell.toast(message), `the ${status} toast shows`).toBeVisible();
    });
  }

  test('a 403 with a server message shows the server message', async ({ page, shell }) => {
    const account = await signUpAccount(baseUrl(), 'Errors 403 message');
    await page.route('**/api/notifications/feed?*', (route) =>
      route.fulfill({
        status: 403,
        json: { request: { id: 'req-e2e' }, response: { items: [], errors: [{ code: 'forbidden', message: 'Feed is closed for you', field: null }] } },
      }),
    );
    await useStoredSession(page, account.token);
    await page.goto('/app/dashboard');
    await expect(shell.toast('Feed is closed for you'), 'the server message replaces the default').toBeVisible();
  });
});
