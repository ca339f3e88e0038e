import { namespaceFixture } from '@terrace/namespaces/data-access/testing';
import { stackFixture } from '@terrace/stacks/data-access/testing';
import { describe, expect, it } from 'vitest';
import { effectiveSettings } from './effective-settings';

describe('effectiveSettings', () => {
  it('takes the stack’s own value, else the namespace’s, and says where it came from', () => {
    const namespace = namespaceFixture({ iacConfig: { terraformVersion: '1.9.0' }, runnerConfig: { mode: 'selfHosted', isOverridable: true } });
    const own = effectiveSettings(stackFixture({ data: { iacConfig: { terraformVersion: '1.5.7' } } }), namespace);
    expect(own.iacVersion).toEqual({ value: '1.5.7', source: 'stack', locked: false });
    expect(own.runner).toEqual({ value: 'selfHosted', source: 'namespace', locked: false });
    const inherited = effectiveSettings(stackFixture({ data: {} }), namespace);
    expect(inherited.iacVersion).toEqual({ value: '1.9.0', source: 'namespace', locked: false });
  });

  it('keeps the namespace’s value when the namespace forbids overriding', () => {
    const namespace = namespaceFixture({ runnerConfig: { mode: 'managed', isOverridable: false } });
    const settings = effectiveSettings(stackFixture({ data: { runnerConfig: { mode: 'selfHosted' } } }), namespace);
    expect(settings.runner).toEqual({ value: 'managed', source: 'namespace', locked: true });
  });

  it('takes the server’s effective settings when the stack carries them', () => {
    const stack = stackFixture({
      effectiveSettings: {
        iacVersion: { value: '1.9.8', source: 'namespace' },
        runnerConfig: { value: { mode: 'selfHosted' }, source: 'namespace', isOverridable: false },
        deploymentApprovalPolicy: { value: null, source: 'default' },
        capabilities: {
          deployOnPush: { status: 'enabled', source: 'stack' },
          planOnPr: { status: 'disabled', source: 'namespace', isOverridable: false },
          driftDetection: { status: 'enabled', source: 'default' },
        },
      },
    });
    const settings = effectiveSettings(stack, undefined);
    expect(settings.iacVersion).toEqual({ value: '1.9.8', source: 'namespace', locked: false });
    expect(settings.runner).toEqual({ value: 'selfHosted', source: 'namespace', locked: true });
    expect(settings.planOnPr).toEqual({ value: 'disabled', source: 'namespace', locked: true });
    expect(settings.approval).toEqual({ value: undefined, source: 'default', locked: false });
  });

  it('falls back to the default when neither sets a value', () => {
    expect(effectiveSettings(stackFixture({ data: {} }), undefined).approval).toEqual({ value: undefined, source: 'default', locked: false });
  });
});
