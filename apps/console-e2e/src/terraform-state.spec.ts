import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { callApi, signUpAccount } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { useStoredSession } from './pages/shell';
import { baseUrl, expect, test } from './support/test';

// Terraform's side of the product in the browser: `terraform login` (login.v1) approved on the
// console page and finished by a loopback listener standing for the CLI, and a stack's state and
// outputs written through the http backend, then shown, released and rolled back in the console.

/** The CLI's loopback listener, on the first free port of 10000-10010 (as Terraform does). */
async function loopbackListener(): Promise<{ server: Server; port: number; callback: Promise<URLSearchParams> }> {
  let deliver: (query: URLSearchParams) => void = () => undefined;
  const callback = new Promise<URLSearchParams>((resolve) => (deliver = resolve));
  const server = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://localhost').searchParams;
    if (!query.get('state')) return response.end();
    response.writeHead(200, { 'content-type': 'text/html' }).end('<p>The login server has returned an authentication code to Terraform.</p>');
    deliver(query);
  });
  for (let port = 10000; port <= 10010; port++) {
    const bound = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (bound) return { server, port, callback };
  }
  throw new Error('No free port in 10000-10010');
}

const basic = (token: string) => `Basic ${Buffer.from(`terraform:${token}`).toString('base64')}`;

function stateFile(serial: number, lineage: string, outputs: Record<string, unknown>) {
  return `${JSON.stringify({ version: 4, terraform_version: '1.9.5', serial, lineage, outputs, resources: [], check_results: null }, null, 2)}\n`;
}

test.describe('Terraform and the console', () => {
  test('terraform login: the user approves on the console page and the CLI gets a token that works', async ({ page }) => {
    const account = await signUpAccount(baseUrl(), 'Terraform Login Org');
    const listener = await loopbackListener();
    try {
      const verifier = `${randomBytes(32).toString('base64url')}.123456789`;
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      const state = randomUUID();
      const discovery = (await (await fetch(`${baseUrl()}/.well-known/terraform.json`)).json()) as { 'login.v1': { authz: string; token: string; client: string } };
      const login = discovery['login.v1'];
      const redirectUri = `http://localhost:${listener.port}/login`;
      const authz = new URL(login.authz, baseUrl());
      for (const [key, value] of Object.entries({ response_type: 'code', client_id: login.client, redirect_uri: redirectUri, state, code_challenge: challenge, code_challenge_method: 'S256' })) {
        authz.searchParams.set(key, value);
      }

      await useStoredSession(page, account.token);
      await page.goto(authz.pathname + authz.search);
      await expect(page.getByRole('heading', { level: 1 }), 'the login page shows').toHaveText(/Sign Terraform in to/);
      await expect(page.getByText(account.email), 'it says who signs in').toBeVisible();
      await expect(page.getByText(`localhost:${listener.port}`), 'and where Terraform waits').toBeVisible();
      await expectNoAxeViolations(page, 'the terraform login approval');
      await page.screenshot({ path: 'tmp/e2e-artifacts/terraform-login-approval.png' });
      await page.getByRole('textbox', { name: /Token name/ }).fill('e2e laptop');
      await page.getByRole('button', { name: 'Approve and sign Terraform in' }).click();

      // The browser lands on the CLI's listener with the code and the CLI's state.
      const query = await listener.callback;
      expect(query.get('state'), 'the CLI gets its state back').toBe(state);
      await expect(page, 'the browser went to the CLI').toHaveURL(new RegExp(`^http://localhost:${listener.port}/login\\?code=`));

      const exchanged = await fetch(new URL(login.token, baseUrl()), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code: query.get('code') ?? '', redirect_uri: redirectUri, code_verifier: verifier, client_id: login.client }).toString(),
      });
      expect(exchanged.status, 'the CLI exchanges the code').toBe(200);
      const { access_token: token } = (await exchanged.json()) as { access_token: string };
      const namespaces = await fetch(`${baseUrl()}/api/namespace`, { headers: { authorization: `Bearer ${token}` } });
      expect(namespaces.status, 'the token works on the API').toBe(200);
      const tokens = await callApi<{ name: string }>(baseUrl(), 'GET', '/iam/user/personalAccessToken', { token: account.token });
      expect(tokens.map((t) => t.name), 'the token is the user’s, with the name given').toEqual(['e2e laptop']);
    } finally {
      listener.server.close();
    }
  });

  test('a stack’s state: the lock is shown and released, versions rolled back, outputs revealed', async ({ page, shell }) => {
    const account = await signUpAccount(baseUrl(), 'Terraform State Org');
    const [namespace] = await callApi<{ id: string }>(baseUrl(), 'POST', '/namespace', { token: account.token, entity: { name: 'platform' } });
    const [stack] = await callApi<{ id: string }>(baseUrl(), 'POST', '/stack', {
      token: account.token,
      entity: { stack: { name: 'network', namespaceId: namespace?.id, iacType: 'terraform' } },
    });
    const [pat] = await callApi<{ token: string }>(baseUrl(), 'POST', '/iam/user/personalAccessToken', { token: account.token, entity: { name: 'ci' } });
    const address = `${baseUrl()}/api/state/${stack?.id}`;
    const headers = { authorization: basic(pat?.token ?? ''), 'content-type': 'application/json' };
    const lineage = randomUUID();
    for (const [serial, region] of [[1, 'eu-west-1'], [2, 'eu-central-1']] as const) {
      const written = await fetch(address, {
        method: 'POST',
        headers,
        body: stateFile(serial, lineage, { region: { value: region, type: 'string' }, db_password: { value: 'hunter2-e2e', type: 'string', sensitive: true } }),
      });
      expect(written.status, `serial ${serial} is stored`).toBe(200);
    }
    const lockInfo = JSON.stringify({ ID: randomUUID(), Operation: 'OperationTypeApply', Info: '', Who: 'grace@laptop', Version: '1.9.5', Created: new Date().toISOString(), Path: '' });
    expect((await fetch(`${address}/lock`, { method: 'LOCK', headers, body: lockInfo })).status, 'the CLI locks the state').toBe(200);

    await useStoredSession(page, account.token);
    await page.goto(`/app/stack/${stack?.id}?tab=state`);
    await expect(page.getByRole('heading', { level: 1, name: 'network' }), 'the stack page shows').toBeVisible({ timeout: 30_000 });
    const lock = page.getByRole('status').filter({ hasText: 'grace@laptop' });
    await expect(lock, 'the lock shows who holds it').toContainText('Apply');
    const versions = page.getByRole('table', { name: 'State versions' });
    await expect(versions.getByRole('row'), 'both versions are listed, with the header').toHaveCount(3);
    await expectNoAxeViolations(page, 'the stack state tab');
    await page.screenshot({ path: 'tmp/e2e-artifacts/stack-state-tab.png', fullPage: true });

    // A rollback is refused while the CLI holds the lock.
    await versions.getByRole('button', { name: 'Roll back to serial 1' }).click();
    let dialog = page.getByRole('alertdialog');
    await dialog.getByRole('textbox').fill('network');
    await dialog.getByRole('button', { name: 'Roll back' }).click();
    await expect(shell.toast('Something went wrong'), 'the server refuses while locked').toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await lock.getByRole('button', { name: 'Release lock' }).click();
    dialog = page.getByRole('alertdialog');
    await dialog.getByRole('textbox').fill('network');
    await dialog.getByRole('button', { name: 'Release lock' }).click();
    await expect(shell.toast('The state lock of network was released.')).toBeVisible();
    await expect(page.getByText('The state is not locked.')).toBeVisible();

    await versions.getByRole('button', { name: 'Roll back to serial 1' }).click();
    dialog = page.getByRole('alertdialog');
    await dialog.getByRole('textbox').fill('network');
    await dialog.getByRole('button', { name: 'Roll back' }).click();
    await expect(shell.toast('network rolled back: serial 3 is now current.')).toBeVisible();
    const read = await fetch(address, { headers: { authorization: basic(pat?.token ?? '') } });
    expect(((await read.json()) as { serial: number; outputs: { region: { value: string } } }).outputs.region.value, 'Terraform reads the rolled-back state').toBe('eu-west-1');

    await page.getByRole('tab', { name: 'Outputs' }).click();
    const outputs = page.getByRole('table', { name: 'Outputs' });
    await expect(outputs.getByText('eu-west-1')).toBeVisible();
    await expect(outputs.getByText('hunter2-e2e'), 'the sensitive value is not sent').toHaveCount(0);
    await outputs.getByRole('button', { name: 'Reveal the value of db_password' }).click();
    await expect(outputs.getByText('hunter2-e2e'), 'an admin reveals it').toBeVisible();
    await expectNoAxeViolations(page, 'the stack outputs tab');
    await page.screenshot({ path: 'tmp/e2e-artifacts/stack-outputs-tab.png', fullPage: true });
  });
  test('a terragrunt stack’s units: each unit’s lock shown and released, a unit’s history rolled back within the unit', async ({ page, shell }) => {
    const account = await signUpAccount(baseUrl(), 'Terraform Units Org');
    const [namespace] = await callApi<{ id: string }>(baseUrl(), 'POST', '/namespace', { token: account.token, entity: { name: 'platform' } });
    const [stack] = await callApi<{ id: string }>(baseUrl(), 'POST', '/stack', {
      token: account.token,
      entity: { stack: { name: 'landing-zone', namespaceId: namespace?.id, iacType: 'terragrunt' } },
    });
    const [pat] = await callApi<{ token: string }>(baseUrl(), 'POST', '/iam/user/personalAccessToken', { token: account.token, entity: { name: 'ci' } });
    const headers = { authorization: basic(pat?.token ?? ''), 'content-type': 'application/json' };
    // What terragrunt run all sends: each unit its own state at /state/{stackId}/unit/{unit}.
    const unitAddress = (unit: string) => `${baseUrl()}/api/state/${stack?.id}/unit/${encodeURIComponent(unit)}`;
    for (const [unit, serials] of [['prod/vpc', [1, 2]], ['prod/app', [1]]] as const) {
      const lineage = randomUUID();
      for (const serial of serials) {
        const written = await fetch(unitAddress(unit), { method: 'POST', headers, body: stateFile(serial, lineage, { cidr: { value: `10.${serial}.0.0/16`, type: 'string' } }) });
        expect(written.status, `${unit} serial ${serial} is stored`).toBe(200);
      }
      const info = JSON.stringify({ ID: randomUUID(), Operation: 'OperationTypeApply', Info: '', Who: `terragrunt ${unit}`, Version: '1.9.5', Created: new Date().toISOString(), Path: '' });
      expect((await fetch(`${unitAddress(unit)}/lock`, { method: 'LOCK', headers, body: info })).status, `${unit} is locked`).toBe(200);
    }

    await useStoredSession(page, account.token);
    await page.goto(`/app/stack/${stack?.id}?tab=state`);
    await expect(page.getByRole('heading', { name: 'State locks' }), 'both units’ locks show').toBeVisible({ timeout: 30_000 });
    const vpcLock = page.getByRole('status').filter({ hasText: 'terragrunt prod/vpc' });
    await expect(vpcLock, 'each lock names its unit').toContainText('prod/vpc');
    await expect(page.getByRole('status').filter({ hasText: 'terragrunt prod/app' })).toContainText('prod/app');
    await expect(page.getByText('This stack’s units each keep a state of their own: choose a unit to see its versions.'), 'the root has no state').toBeVisible();
    await expectNoAxeViolations(page, 'the state tab of a stack with units');
    await page.screenshot({ path: 'tmp/e2e-artifacts/stack-state-units.png', fullPage: true });

    await vpcLock.getByRole('button', { name: 'Release lock of unit prod/vpc' }).click();
    let dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Release the state lock of unit prod/vpc in landing-zone?');
    await dialog.getByRole('textbox').fill('landing-zone');
    await dialog.getByRole('button', { name: 'Release lock' }).click();
    await expect(shell.toast('The state lock of unit prod/vpc in landing-zone was released.')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'terragrunt' }), 'the other unit stays locked').toHaveCount(1);

    await page.getByRole('combobox', { name: 'Unit' }).click();
    await page.getByRole('option', { name: 'prod/vpc' }).click();
    const versions = page.getByRole('table', { name: 'State versions' });
    await expect(versions.getByRole('row'), 'the unit’s two versions, with the header').toHaveCount(3);
    await versions.getByRole('button', { name: 'Roll back to serial 1' }).click();
    dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Roll back unit prod/vpc of landing-zone to serial 1?');
    await dialog.getByRole('textbox').fill('landing-zone');
    await dialog.getByRole('button', { name: 'Roll back' }).click();
    await expect(shell.toast('Unit prod/vpc of landing-zone rolled back: serial 3 is now current.')).toBeVisible();
    const read = await fetch(unitAddress('prod/vpc'), { headers: { authorization: basic(pat?.token ?? '') } });
    const state = (await read.json()) as { serial: number; outputs: { cidr: { value: string } } };
    expect([state.serial, state.outputs.cidr.value], 'Terraform reads the unit’s rolled-back state').toEqual([3, '10.1.0.0/16']);
    expect((await fetch(`${baseUrl()}/api/state/${stack?.id}`, { headers: { authorization: basic(pat?.token ?? '') } })).status, 'the root state stays empty').toBe(204);

    // Dark and right to left, in French: the same tab to look at.
    await useStoredSession(page, account.token, { theme: 'dark', direction: 'rtl', locale: 'fr', navigationType: 'SIDE', topNavColor: '#3e82f7' });
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.goto(`/app/stack/${stack?.id}?tab=state&stateUnit=prod%2Fvpc`);
    await expect(page.getByRole('table', { name: 'Versions de l’état' }).getByRole('row'), 'the unit’s versions, in French').toHaveCount(4, { timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Libérer le verrou de l’unité prod/app' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page, 'the state tab of a stack with units, dark and rtl');
    await page.screenshot({ path: 'tmp/e2e-artifacts/stack-state-units-dark-rtl.png', fullPage: true });
  });
});
