import { callApi, signUpAccount } from './support/api';
import { useStoredSession } from './pages/shell';
import { baseUrl, expect, test } from './support/test';

/**
 * Spec §8 and §2.3: after a 401 the console shows 'Authentication Fail', signs out, and after
 * 600 ms goes to sign-in with the page (path and query) as the redirect target; signing in again
 * returns there. The session is revoked for real on the server while the page is open.
 */
test.describe('a 401 keeps the page to return to', () => {
  test('on a list refetch: back to the same list after signing in again', async ({ page, shell, auth }) => {
    const account = await signUpAccount(baseUrl(), 'Redirect refetch');
    await callApi(baseUrl(), 'POST', '/namespace', { token: account.token, entity: { name: 'payments' } });
    await useStoredSession(page, account.token);
    await page.goto('/app/namespaces');
    await expect(page.getByRole('link', { name: 'payments' }), 'the list shows').toBeVisible();
    await callApi(baseUrl(), 'POST', '/auth/signOut', { token: account.token });

    // Searching refetches the list with the filter in the URL.
    await page.getByRole('searchbox', { name: 'Search' }).or(page.getByRole('textbox', { name: 'Search' })).fill('pay');
    await expect(shell.toast('Authentication Fail'), 'the 401 toast shows').toBeVisible();
    const target = /^\/auth\/login\?redirect=%2Fapp%2Fnamespaces%3F.*name%3Dpay/;
    await expect(page, 'sign-in holds the page as the redirect').toHaveURL((url) => target.test(url.pathname + url.search));
    // The page must stay there: no second, bare redirect from calls made after the sign-out.
    await expect(page.getByText('Sign in to continue where you left off.'), 'the sign-in page says where it returns').toBeVisible();
    await expect(shell.toast('Authentication Fail'), 'the toast goes away').toBeHidden({ timeout: 15_000 });
    await expect(page).toHaveURL((url) => target.test(url.pathname + url.search));

    await auth.signIn(account.email, account.password);
    await expect(page, 'signing in returns to the filtered list').toHaveURL((url) => url.pathname === '/app/namespaces' && url.searchParams.get('name') === 'pay');
  });

  test('on a page load: back to the same page after signing in again', async ({ page, shell, auth }) => {
    const account = await signUpAccount(baseUrl(), 'Redirect load');
    await useStoredSession(page, account.token);
    await callApi(baseUrl(), 'POST', '/auth/signOut', { token: account.token });
    await page.goto('/app/organization/setting?id=user-list');
    await expect(shell.toast('Authentication Fail'), 'the 401 toast shows').toBeVisible();
    await expect(page).toHaveURL('/auth/login?redirect=%2Fapp%2Forganization%2Fsetting%3Fid%3Duser-list');
    await expect(shell.toast('Authentication Fail'), 'the toast goes away').toBeHidden({ timeout: 15_000 });
    await expect(page).toHaveURL('/auth/login?redirect=%2Fapp%2Forganization%2Fsetting%3Fid%3Duser-list');

    await auth.signIn(account.email, account.password);
    await expect(page, 'signing in returns to the page').toHaveURL('/app/organization/setting?id=user-list');
  });
});
