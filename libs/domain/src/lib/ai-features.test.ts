import { describe, expect, it } from 'vitest';
import {
  aiFeatureNotice,
  aiFeatureState,
  aiUnavailableUntilFinished,
  countsAsFinishedForAi,
  isAiAssistantVisible,
  type AiFeatureState,
  type AiFeaturesInput,
} from './ai-features';
import { renderMessage } from './message';
import type { RunKind, RunStatus } from './run-status';

describe('aiFeatureState', () => {
  it.each<[AiFeaturesInput, AiFeatureState]>([
    [{ provisioned: false, enabled: true, consented: true }, 'setupInProgress'],
    [{ provisioned: false, enabled: false, consented: false }, 'setupInProgress'],
    [{ provisioned: true, enabled: false, consented: true }, 'needsConsent'],
    [{ provisioned: true, enabled: true, consented: false }, 'needsConsent'],
    [{ provisioned: true, enabled: false, consented: false }, 'needsConsent'],
    [{ provisioned: true, enabled: true, consented: true }, 'available'],
  ])('%o → %s', (input, state) => {
    expect(aiFeatureState(input)).toBe(state);
  });
});

describe('aiFeatureNotice', () => {
  it.each<[AiFeatureState, string, string | undefined, boolean]>([
    ['available', 'member', undefined, false],
    [
      'setupInProgress',
      'admin',
      'The AI assistant is being setup and will be available shortly.',
      false,
    ],
    ['needsConsent', 'admin', 'Click here to enable AI features', true],
    ['needsConsent', 'viewer', 'Click here to enable AI features', true],
    [
      'needsConsent',
      'member',
      'AI features are not enabled for this organization. Please contact your administrator.',
      false,
    ],
  ])('%s for %s → %s', (state, role, text, link) => {
    const notice = aiFeatureNotice(state, role);
    expect(notice && renderMessage(notice.message)).toBe(text);
    expect(notice?.linkToSettings ?? false).toBe(link);
  });
});

describe('isAiAssistantVisible', () => {
  it.each([
    ['admin', true],
    ['member', true],
    ['deployer', false],
    ['nsOnly', false],
  ])('%s → %s', (role, visible) => {
    expect(isAiAssistantVisible(role)).toBe(visible);
  });
});

describe('countsAsFinishedForAi', () => {
  it.each<[RunKind, RunStatus, boolean]>([
    ['deployment', 'waitingForApproval', true],
    ['deployment', 'inProgress', false],
    ['deployment', 'succeeded', true],
    ['deployment', 'waitingForFailedControlPoliciesApproval', false],
    ['plan', 'waitingForApproval', false],
    ['plan', 'failed', true],
    ['task', 'queued', false],
    ['task', 'canceled', true],
  ])('%s %s → %s', (kind, status, expected) => {
    expect(countsAsFinishedForAi({ kind, status })).toBe(expected);
  });
});

describe('aiUnavailableUntilFinished', () => {
  it.each<[RunKind, string]>([
    ['plan', 'Available after plan finishes'],
    ['task', 'Available after task finishes'],
    ['deployment', 'Available after deployment finishes'],
    ['destroy', 'Available after deployment finishes'],
  ])('%s → %s', (kind, text) => {
    expect(renderMessage(aiUnavailableUntilFinished(kind))).toBe(text);
  });
});
