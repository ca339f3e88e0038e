import { DriftPages } from './pages/drift-pages';
import { useStoredSession } from './pages/shell';
import { callApi, signUpAccount } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { baseUrl, expect, test } from './support/test';
import { invitedUser } from './support/users';

const screenshots = `${import.meta.dirname}/../../../tmp/e2e-artifacts/screenshots`;

/** A namespace with stacks that have never been checked for drift (no runner serves them here). */
async function seed(token: string, namespaceName: string, stackNames: string[]): Promise<{ namespaceId: string; stackIds: string[] }> {
  const [namespace] = await callApi<{ id: string }>(baseUrl(), 'POST', '/namespace', { token, entity: { name: namespaceName } });
  if (!namespace) throw new Error('creating the namespace answered no item');
  const stackIds: string[] = [];
  for (const name of stackNames) {
    const [stack] = await callApi<{ id: string }>(baseUrl(), 'POST', '/stack', {
      token,
      entity: { stack: { name, namespaceId: namespace.id, iacType: 'terraform', data: { iacConfig: { terraformVersion: '1.9.8' } } } },
    });
    if (!stack) throw new Error('creating the stack answered no item');
    stackIds.push(stack.id);
  }
  return { namespaceId: namespace.id, stackIds };
}

test.describe('drift', () => {
  test('the Drift Center: every stack’s state, counts, filters in the URL, the report periods, detection on demand', async ({ page, shell }) => {
    const admin = await signUpAccount(baseUrl(), 'Drift Org');
    const prod = await seed(admin.token, 'drift-prod', ['network', 'dns']);
    await seed(admin.token, 'drift-edge', ['cdn']);
    await useStoredSession(page, admin.token);
    const drift = new DriftPages(page);

    // Never checked: every stack says so, and the counts add up over the seven states.
    await drift.openCenter();
    await shell.expectSignedInAt('/app/driftCenter');
    for (const name of ['network', 'dns', 'cdn']) {
      await expect(drift.row(name).getByText('Not checked'), `${name} has never been checked`).toBeVisible();
    }
    await expect(drift.summary.getByRole('button'), 'one figure per drift state').toHaveCount(7);
    await expect(drift.figure('Not checked'), 'three stacks never checked').toHaveAccessibleName(/3$/);
    await expect(drift.figure('Drifted'), 'none drifted').toHaveAccessibleName(/0$/);
    await expectNoAxeViolations(page, 'the Drift Center');
    await page.screenshot({ path: `${screenshots}/drift-center.png`, fullPage: true });

    // The namespace filter goes to the server and into the URL.
    await page.getByRole('combobox', { name: 'Namespace' }).click();
    await page.getByRole('option', { name: 'drift-prod' }).click();
    await expect(page, 'the namespace is in the URL').toHaveURL(new RegExp(`namespace=${prod.namespaceId}`));
    await expect(drift.row('cdn'), 'the other namespace’s stack is filtered out').toHaveCount(0);
    await expect(drift.row('network')).toBeVisible();
    await expect(drift.figure('Not checked'), 'the counts follow the namespace').toHaveAccessibleName(/2$/);

    // Pressing a state's figure filters the list on it.
    await drift.figure('Drifted').click();
    await expect(page, 'the state is in the URL').toHaveURL(/state=drifted/);
    await expect(page.getByRole('heading', { name: 'No stack matches these filters' }), 'no drifted stack yet').toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(drift.row('cdn'), 'clearing shows every stack again').toBeVisible();

    // The report: one request per period, with the spec's days (3 months are 60 days).
    const report = page.waitForResponse((r) => r.url().includes('/drift/report') && r.url().includes('daysBack=60'));
    await page.getByRole('combobox', { name: 'Report period' }).click();
    await page.getByRole('option', { name: '3 months' }).click();
    expect((await report).status(), 'the report answers the 3-month period').toBe(200);
    await expect(page, 'the period is in the URL').toHaveURL(/period=threeMonths/);

    // Detection on demand: accepted, then polled through its status call.
    const started = page.waitForResponse((r) => r.url().endsWith('/stack/driftDetection') && r.request().method() === 'POST');
    const polled = page.waitForResponse((r) => r.url().includes('/stack/driftDetectionStatus'));
    await drift.row('network').getByRole('button', { name: 'Detect drift of network' }).click();
    expect((await started).status(), 'drift detection is accepted').toBe(200);
    const status = (await (await polled).json()) as { response: { items: { status: string; stackId: string }[] } };
    expect(status.response.items[0]?.stackId, 'the status is the network stack’s').toBe(prod.stackIds[0]);
    expect(['queued', 'inProgress', 'succeeded', 'failed'], 'the detection has a job status').toContain(status.response.items[0]?.status);
  });

  test('the stack page’s drift tab: never checked, remediation refused without drift, and both buttons refused to a viewer', async ({ page }) => {
    const admin = await signUpAccount(baseUrl(), 'Drift Tab Org');
    const { stackIds } = await seed(admin.token, 'drift-tab', ['network']);
    const stackId = stackIds[0] ?? '';
    await useStoredSession(page, admin.token);
    const drift = new DriftPages(page);

    await drift.openStackTab(stackId);
    await expect(page.getByRole('heading', { name: 'Drift not checked yet' }), 'a stack never checked says so').toBeVisible();
    const remediate = page.getByRole('button', { name: 'Remediate' });
    await expect(remediate, 'nothing to remediate without drift').toBeDisabled();
    await expect(page.getByRole('button', { name: 'Detect drift' }), 'an admin may detect drift').toBeEnabled();
    await expectNoAxeViolations(page, 'the stack drift tab');

    const viewer = await invitedUser(admin, 'viewer');
    await useStoredSession(page, viewer.token);
    await drift.openStackTab(stackId);
    await expect(page.getByRole('button', { name: 'Detect drift' }), 'a viewer may not detect drift').toBeDisabled();
    await expect(page.getByRole('button', { name: 'Remediate' }), 'nor remediate').toBeDisabled();
  });

  test('the server refuses drift detection to a viewer', async () => {
    const admin = await signUpAccount(baseUrl(), 'Drift Refusal Org');
    const { stackIds } = await seed(admin.token, 'drift-refusal', ['network']);
    const viewer = await invitedUser(admin, 'viewer');
    await expect(callApi(baseUrl(), 'POST', '/stack/driftDetection', { token: viewer.token, entity: { stackId: stackIds[0] } }), 'a viewer is refused').rejects.toThrow(/403/);
  });
});
