import { describe, expect, it } from 'vitest';
import { renderMessage } from './message';
import {
  discoveryStates,
  driftKinds,
  driftStates,
  importStates,
  isImportFinished,
  moduleVersionProblem,
  moduleVersionReadiness,
  stackErrorLabel,
  stackErrorStates,
  stackInitResults,
  suggestedStackStates,
  type ImportState,
  type ModuleVersionReadiness,
  type StackErrorState,
} from './stack-states';

describe('catalogues', () => {
  it.each([
    ['drift states', driftStates, 7],
    ['drift kinds', driftKinds, 4],
    ['stack error states', stackErrorStates, 5],
    ['init results', stackInitResults, 6],
    ['suggested stack states', suggestedStackStates, 5],
    ['import states', importStates, 12],
    ['discovery states', discoveryStates, 4],
    ['module version readiness', moduleVersionReadiness, 4],
  ] as const)('%s has %i distinct values', (_name, list, size) => {
    expect(new Set(list).size).toBe(size);
  });
});

describe('stackErrorLabel', () => {
  it.each<[StackErrorState, string | undefined]>([
    ['ok', undefined],
    ['driftDetectionFailed', 'Drift Detection Failed'],
    ['initializationFailed', 'Initialization Failed'],
    ['blueprintInitializationFailed', 'Initialization Failed (Persistent Template)'],
    ['stackPassedItsTTL', "Stack Passed it's TTL"],
  ])('%s → %s', (state, text) => {
    const label = stackErrorLabel(state);
    expect(label && renderMessage(label)).toBe(text);
  });
});

describe('isImportFinished', () => {
  it.each<[ImportState, boolean]>([
    ['queued', false],
    ['inProgress', false],
    ['waitingForApproval', false],
    ['planning', false],
    ['importingResources', false],
    ['cancelling', false],
    ['approvalTimeout', true],
    ['success', true],
    ['canceled', true],
    ['error', true],
  ])('%s → %s', (state, expected) => {
    expect(isImportFinished(state)).toBe(expected);
  });
});

describe('moduleVersionProblem', () => {
  it.each<[ModuleVersionReadiness, boolean, string | undefined]>([
    ['ready', false, undefined],
    ['readyNotCompleted', false, undefined],
    ['readyNoResourcesInModulePath', false, undefined],
    ['notReady', false, 'Version is not ready yet for Terraform usage'],
    ['ready', true, 'Version is invalidated and cannot be used in your Terraform code'],
    ['notReady', true, 'Version is invalidated and cannot be used in your Terraform code'],
  ])('%s invalidated=%s → %s', (readiness, isInvalidated, text) => {
    const problem = moduleVersionProblem({ readiness, isInvalidated });
    expect(problem && renderMessage(problem)).toBe(text);
  });
});
