import { DriftPages } from './pages/drift-pages';
import { PolicyPages } from './pages/policy-pages';
import { RunPages } from './pages/run-pages';
import { useStoredSession } from './pages/shell';
import { callApi, signUpAccount, type Account } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { makeDriftCheckDue } from './support/database';
import { connectGitHub, gitHosts } from './support/git-hosts';
import { startRunner, type RunnerProcess } from './support/runner-process';
import { baseUrl, expect, test } from './support/test';

// Issue 13's journey, executed for real by a self-hosted runner with the IaC stand-in: a
// required-tags policy mapped to a namespace stops a deployment whose code lacks the tag (hard),
// then holds it for approval (soft); a resource changed behind the code's back (the stand-in's
// cloud) is found by the scheduled drift job, and remediated.

const screenshots = `${import.meta.dirname}/../../../tmp/e2e-artifacts/screenshots`;

let admin: Account;
let runner: RunnerProcess;
let stackId: string;

test.beforeAll(async () => {
  admin = await signUpAccount(baseUrl(), 'Policies Journey Org');
  const providerId = await connectGitHub(admin);
  const [namespace] = await callApi<{ id: string }>(baseUrl(), 'POST', '/namespace', { token: admin.token, entity: { name: 'platform' } });
  runner = await startRunner(admin, 'policy-runners');
  const [stack] = await callApi<{ id: string }>(baseUrl(), 'POST', '/stack', {
    token: admin.token,
    entity: {
      stack: {
        name: 'logs',
        namespaceId: namespace?.id,
        iacType: 'terraform',
        data: {
          vcsInfo: { providerId, repoName: gitHosts().repository, branch: 'main', path: 'stacks/logs' },
          runnerConfig: { mode: 'selfHosted', groups: [runner.groupId] },
        },
      },
    },
  });
  stackId = stack?.id ?? '';
  // The policy itself (its wizard is control-policies.spec's): every AWS resource needs an owner tag.
  await callApi(baseUrl(), 'POST', '/controlPolicy', {
    token: admin.token,
    entity: { name: 'Owner tag', type: 'aws_required_tags', parameters: { tags: [{ key: 'owner', allowedValues: [] }] } },
  });
});

test.afterAll(async () => {
  await runner?.stop();
});

test.describe('control policies and drift on executed runs', () => {
  test('a required tag stops the run (hard), waits for approval (soft); drift found on schedule is remediated', async ({ page, shell }) => {
    test.setTimeout(600_000);
    const policies = new PolicyPages(page);
    const runs = new RunPages(page);
    const drift = new DriftPages(page);
    await useStoredSession(page, admin.token);

    // Map the policy to the namespace, hard mandatory.
    const where = await policies.openWhereItApplies('Owner tag', 'Required tags (AWS)');
    await where.getByRole('button', { name: 'Apply to a target' }).click();
    const form = page.getByRole('dialog', { name: 'Apply to a namespace or stack' });
    await form.getByRole('combobox', { name: /^Namespace/ }).click();
    await page.getByRole('option', { name: 'platform', exact: true }).click();
    await policies.chooseLevel(form, 'Hard mandatory');
    await expectNoAxeViolations(page, 'mapping a policy to a namespace');
    await form.getByRole('button', { name: 'Apply' }).click();
    await expect(form).toBeHidden();
    await expect(policies.mappings(where).getByRole('row').filter({ hasText: 'platform' })).toContainText('Hard mandatory');
    await page.keyboard.press('Escape');

    // A deployment of code without the tag: the control policies step stops it.
    await page.goto(`/app/stack/${stackId}`);
    await runs.act('Deploy', 'Deploy');
    await expect(page, 'deploying opens the deployment').toHaveURL(/\/app\/deployment\/dep-/);
    await runs.expectStatusLive('failed');
    const hardResults = await runs.openPolicies();
    await expect(hardResults.getByText("Missing the required tag 'owner'"), 'the failed check and why').toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve failed policies' }), 'a hard failure cannot be overridden').toHaveCount(0);
    await expectNoAxeViolations(page, 'a deployment stopped by a hard-mandatory policy');
    await page.screenshot({ path: `${screenshots}/policies-hard-failure.png`, fullPage: true });

    // Soft mandatory: the same code waits for someone to approve the failed policy, then applies.
    const whereAgain = await policies.openWhereItApplies('Owner tag', 'Required tags (AWS)');
    await whereAgain.getByRole('button', { name: 'Change platform' }).click();
    const change = page.getByRole('dialog', { name: 'Change where it applies' });
    await policies.chooseLevel(change, 'Soft mandatory');
    await change.getByRole('button', { name: 'Save' }).click();
    await expect(change).toBeHidden();
    await expect(policies.mappings(whereAgain).getByRole('row').filter({ hasText: 'platform' })).toContainText('Soft mandatory');
    await page.keyboard.press('Escape');

    await page.goto(`/app/stack/${stackId}`);
    await runs.act('Deploy', 'Deploy');
    await expect(page).toHaveURL(/\/app\/deployment\/dep-/);
    await runs.expectStatusLive('waitingForFailedControlPoliciesApproval');
    const softResults = await runs.openPolicies();
    await expect(softResults.getByText("Missing the required tag 'owner'"), 'the results arrived on the open page').toBeVisible();
    await expectNoAxeViolations(page, 'a deployment waiting for its failed policies’ approval');
    await page.screenshot({ path: `${screenshots}/policies-soft-failure-waiting.png`, fullPage: true });
    await runs.act('Approve failed policies', 'Override and continue', softResults);
    await expect(shell.toast('The failed policies are overridden; the deployment goes on.')).toBeVisible();
    await runs.expectStatusLive('waitingForApproval');
    await runs.act('Approve', 'Approve');
    await runs.expectStatusLive('succeeded');
    const cloud = await runner.readCloud();
    expect(cloud, 'the bucket exists in the cloud the stand-in simulates').toHaveProperty(['aws_s3_bucket.logs']);

    // Someone changes the bucket behind the code's back.
    await runner.writeCloud({ ...cloud, 'aws_s3_bucket.logs': { ...cloud['aws_s3_bucket.logs'], bucket: 'acme-logs-renamed-by-hand' } });
    // The schedule comes due (its time moved, as a clock would): the drift job's next tick checks the stack.
    await makeDriftCheckDue(stackId);
    await expect(async () => {
      await drift.openCenter();
      await expect(drift.row('logs').getByText('Drifted', { exact: true })).toBeVisible({ timeout: 2_000 });
    }, 'the scheduled drift check finds the change').toPass({ timeout: 180_000, intervals: [5_000] });
    await expectNoAxeViolations(page, 'the Drift Center with a drifted stack');
    await page.screenshot({ path: `${screenshots}/policies-drift-center-drifted.png`, fullPage: true });

    // The stack's drift tab names the attribute; remediation deploys the code over it.
    await drift.openStackTab(stackId);
    await page.getByRole('button', { name: /aws_s3_bucket\.logs/ }).click();
    await expect(page.getByText('acme-logs-renamed-by-hand'), 'the value found in the cloud').toBeVisible();
    await expectNoAxeViolations(page, 'the stack’s drift tab');
    await page.getByRole('button', { name: 'Remediate', exact: true }).click();
    const remediate = page.getByRole('dialog', { name: 'Remediate the drift of logs?' });
    await remediate.getByRole('radio', { name: 'Deploy the code over the drift' }).check();
    await remediate.getByRole('button', { name: 'Deploy', exact: true }).click();
    await expect(shell.toast('Remediation started: a deployment of logs.')).toBeVisible();
    await page.getByRole('link', { name: 'Open the run' }).click();
    await expect(page).toHaveURL(/\/app\/deployment\/dep-/);
    // The code still lacks the tag: the soft failure is approved again, then the deployment.
    await runs.expectStatusLive('waitingForFailedControlPoliciesApproval');
    await runs.act('Approve failed policies', 'Override and continue', await runs.openPolicies());
    await runs.expectStatusLive('waitingForApproval');
    await runs.act('Approve', 'Approve');
    await runs.expectStatusLive('succeeded');
    expect((await runner.readCloud())['aws_s3_bucket.logs'], 'the bucket is back as the code says').toMatchObject({ bucket: 'acme-logs' });

    // The check after the apply finds the cloud as the code describes it.
    await expect(async () => {
      await drift.openStackTab(stackId);
      // The tab's state (the page header carries the same badge once the stack is read again).
      await expect(page.getByRole('tabpanel', { name: 'Drift' }).getByText('In sync', { exact: true })).toBeVisible({ timeout: 2_000 });
    }, 'the stack is in sync again').toPass({ timeout: 120_000, intervals: [3_000] });
    await expect(page.getByText('No drift found')).toBeVisible();
  });
});
