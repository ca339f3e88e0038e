import { namespaceFixture } from '@terrace/namespaces/data-access/testing';
import { describe, expect, it } from 'vitest';
import {
  emptyNamespaceForm,
  firstInvalidStep,
  formToNamespaceInput,
  namespaceFormMessages,
  namespaceToForm,
  validateNamespaceStep,
} from './namespace-form';

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
    const input = formToNamespaceInput(namespaceToForm(namespace));
    expect(input.runnerConfig).toEqual({ mode: 'selfHosted', groups: ['eu-runners'], isOverridable: false });
    expect(input.deploymentApprovalPolicy).toEqual(namespace.deploymentApprovalPolicy);
    expect(input.capabilities?.driftDetection).toEqual({ status: 'disabled', isOverridable: false });
    // Capabilities the namespace never set come back with the defaults (on).
    expect(input.capabilities?.planOnPr).toEqual({ status: 'enabled', isOverridable: true });
  });

  it('sends empty text as null so the server falls back to the organization defaults', () => {
    const input = formToNamespaceInput({ ...emptyNamespaceForm(), name: '  core  ' });
    expect(input.name).toBe('core');
    expect(input.description).toBeNull();
    expect(input.iacConfig).toEqual({ terraformVersion: null, terragruntVersion: null, opentofuVersion: null });
  });

  it('drops runner groups when runners are managed', () => {
    const values = emptyNamespaceForm();
    values.runner.groups = ['left-over'];
    expect(formToNamespaceInput(values).runnerConfig?.groups).toEqual([]);
  });

  it('validates each step on its own', () => {
    const values = emptyNamespaceForm();
    expect(validateNamespaceStep('general', values)).toEqual({ name: namespaceFormMessages.nameRequired });
    values.name = 'ok';
    values.iac.terraformVersion = '1.x';
    expect(validateNamespaceStep('general', values)).toEqual({});
    expect(validateNamespaceStep('iac', values)).toEqual({ terraformVersion: namespaceFormMessages.version });
    values.iac.terraformVersion = '1.9.8';
    values.runner.mode = 'selfHosted';
    expect(validateNamespaceStep('runner', values)).toEqual({ runnerGroups: namespaceFormMessages.runnerGroups });
    values.approval.ruleType = 'requireTeamsApproval';
    expect(validateNamespaceStep('approval', values)).toEqual({ approvalTeams: namespaceFormMessages.approvalTeams });
    expect(firstInvalidStep(values)).toBe('runner');
  });

  it('accepts exact versions, pre-releases and latest, and rejects ranges', () => {
    const values = { ...emptyNamespaceForm(), name: 'n' };
    for (const ok of ['1.9.8', '1.10.0-beta1', 'latest', '']) {
      values.iac.opentofuVersion = ok;
      expect(validateNamespaceStep('iac', values)).toEqual({});
    }
    values.iac.opentofuVersion = '~> 1.6';
    expect(validateNamespaceStep('iac', values).opentofuVersion).toBe(namespaceFormMessages.version);
  });
});
