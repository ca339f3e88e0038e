import { issueMessage } from '@terrace/design-system';
import { namespaceMessages } from '@terrace/domain';
import { namespaceFixture } from '@terrace/namespaces/data-access/testing';
import { describe, expect, it } from 'vitest';
import {
  emptyNamespaceForm,
  formToNamespaceInput,
  namespaceFieldMessages,
  namespaceToForm,
  type NamespaceFormValues,
} from './namespace-form';
import { namespaceFormSchema } from './namespace-form.schema';

/** The message each field would show: its first issue, with the form's own wording. */
function problems(values: NamespaceFormValues) {
  const result = namespaceFormSchema.safeParse(values);
  const shown: Record<string, unknown> = {};
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.join('.');
    shown[path] ??= issueMessage(issue, namespaceFieldMessages[path]);
  }
  return shown;
}

const parsed = (values: NamespaceFormValues) => namespaceFormSchema.parse(values);

describe('namespace form', () => {
  it('starts with every capability on and overridable', () => {
    const values = emptyNamespaceForm();
    expect(Object.values(values.capabilities)).toEqual([
      { enabled: true, isOverridable: true },
      { enabled: true, isOverridable: true },
      { enabled: true, isOverridable: true },
    ]);
  });

  it('round-trips a namespace through the form without losing what the wizard edits', () => {
    const namespace = namespaceFixture({
      runnerConfig: { mode: 'selfHosted', groups: ['eu-runners'], isOverridable: false },
      deploymentApprovalPolicy: {
        rules: [{ type: 'requireTeamsApproval', parameters: { teams: ['team-sec'] } }],
        overrideBehavior: 'deny',
      },
      capabilities: { driftDetection: { status: 'disabled', isOverridable: false } },
    });
    const input = formToNamespaceInput(parsed(namespaceToForm(namespace)));
    expect(input.runnerConfig).toEqual({ mode: 'selfHosted', groups: ['eu-runners'], isOverridable: false });
    expect(input.deploymentApprovalPolicy).toEqual(namespace.deploymentApprovalPolicy);
    expect(input.capabilities?.driftDetection).toEqual({ status: 'disabled', isOverridable: false });
    // Capabilities the namespace never set come back with the defaults (on).
    expect(input.capabilities?.planOnPr).toEqual({ status: 'enabled', isOverridable: true });
  });

  it('trims text and sends empty text as null so the server falls back to the organization defaults', () => {
    const input = formToNamespaceInput(parsed({ ...emptyNamespaceForm(), name: '  core  ', description: '   ' }));
    expect(input.name).toBe('core');
    expect(input.description).toBeNull();
    expect(input.iacConfig).toEqual({ terraformVersion: null, terragruntVersion: null, opentofuVersion: null });
  });

  it('drops runner groups when runners are managed', () => {
    const values = emptyNamespaceForm();
    values.name = 'n';
    values.runnerConfig.groups = ['left-over'];
    expect(formToNamespaceInput(parsed(values)).runnerConfig?.groups).toEqual([]);
  });

  it('applies the domain rules, with the form’s own wording where it has one', () => {
    const values = emptyNamespaceForm();
    expect(problems(values)).toEqual({ name: namespaceFieldMessages['name']?.required });
    values.name = 'two\tparts';
    expect(problems(values)).toEqual({ name: namespaceFieldMessages['name']?.invalid_format });
    values.name = 'ok';
    values.iacConfig.terraformVersion = '1.x';
    values.runnerConfig.mode = 'selfHosted';
    values.approval.ruleType = 'requireTeamsApproval';
    expect(problems(values)).toEqual({
      'iacConfig.terraformVersion': namespaceMessages.iacVersion,
      'runnerConfig.groups': namespaceMessages.runnerGroups,
      'approval.teams': namespaceMessages.approvalTeams,
    });
  });

  it('takes its limits from the contract', () => {
    const values = { ...emptyNamespaceForm(), name: 'n'.repeat(129), description: 'd'.repeat(2001) };
    values.iacConfig.opentofuVersion = `1.0.0-${'x'.repeat(60)}`;
    values.runnerConfig = { mode: 'selfHosted', groups: ['g'.repeat(129)], isOverridable: true };
    expect(problems(values)).toEqual({
      name: expect.objectContaining({ id: 'form.stringTooLong', values: { maximum: 128 } }),
      description: expect.objectContaining({ id: 'form.stringTooLong', values: { maximum: 2000 } }),
      'iacConfig.opentofuVersion': expect.objectContaining({ id: 'form.stringTooLong', values: { maximum: 64 } }),
      'runnerConfig.groups.0': expect.objectContaining({ id: 'form.stringTooLong', values: { maximum: 128 } }),
    });
  });
});
