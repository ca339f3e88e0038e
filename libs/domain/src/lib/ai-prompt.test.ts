import { describe, expect, it } from 'vitest';
import {
  aiAnalysisKindsFor,
  buildAnalysisRequest,
  failedPoliciesText,
  listFailedPolicies,
  scanFailureLine,
  truncateAiOutput,
  validateAnalysisRequest,
  type AiAnalysisRequest,
} from './ai-prompt';
import { renderMessage } from './message';
import type { RunKind } from './run-status';

describe('truncateAiOutput', () => {
  it.each<[string, string, number, string]>([
    ['short text unchanged', 'hello', 10, 'hello'],
    ['exactly at the limit unchanged', '0123456789', 10, '0123456789'],
    ['one over keeps the tail', '0123456789A', 10, '...456789A'],
    ['long text keeps the tail', 'abcdefghijklmnopqrstuvwxyz', 8, '...vwxyz'],
    ['empty text', '', 10, ''],
  ])('%s', (_name, text, limit, expected) => {
    expect(truncateAiOutput(text, limit)).toBe(expected);
  });

  it('uses 40,000 characters by default', () => {
    const text = 'x'.repeat(39_999) + 'END' + 'y'.repeat(10);
    const out = truncateAiOutput(text);
    expect(out).toHaveLength(40_000);
    expect(out.startsWith('...x')).toBe(true);
    expect(out.endsWith('ENDyyyyyyyyyy')).toBe(true);
    expect(truncateAiOutput('z'.repeat(40_000))).toHaveLength(40_000);
  });
});

describe('failed policies', () => {
  it.each<[string[], string]>([
    [[], ''],
    [['a'], 'a'],
    [['a', 'b', 'c'], 'a, b, c'],
    [['a', 'b', 'c', 'd'], 'a, b, c and 1 more'],
    [['a', 'b', 'c', 'd', 'e', 'f'], 'a, b, c and 3 more'],
  ])('%j → %s', (names, text) => {
    expect(failedPoliciesText(names)).toBe(text);
    expect(listFailedPolicies(names).shown.length).toBe(Math.min(names.length, 3));
  });
});

describe('scanFailureLine', () => {
  it.each<['security' | 'lint', string, string | undefined]>([
    ['security', 'succeeded', undefined],
    ['lint', 'succeeded', undefined],
    ['security', 'failed', 'Security scan failed: failed'],
    ['security', 'issuesFound', 'Security scan failed: issuesFound'],
    ['lint', 'error', 'Linting failed: error'],
  ])('%s %s → %s', (scan, status, text) => {
    const line = scanFailureLine(scan, status);
    expect(line && renderMessage(line)).toBe(text);
  });
});

describe('aiAnalysisKindsFor', () => {
  it.each([
    [true, ['summary', 'code-review', 'security-compliance', 'error-analysis', 'other']],
    [false, ['summary', 'code-review', 'security-compliance', 'other']],
  ])('hasErrors %s', (hasErrors, kinds) => {
    expect(aiAnalysisKindsFor({ hasErrors })).toEqual(kinds);
  });
});

describe('buildAnalysisRequest', () => {
  it.each<[AiAnalysisRequest['kind'], RunKind, string | undefined, string]>([
    ['summary', 'plan', undefined, 'Please perform summary for the following plan'],
    ['code-review', 'deployment', '', 'Please perform code-review for the following deployment'],
    [
      'security-compliance',
      'task',
      '   ',
      'Please perform security-compliance for the following task',
    ],
    [
      'error-analysis',
      'destroy',
      undefined,
      'Please perform error-analysis for the following deployment',
    ],
    ['summary', 'external_run', undefined, 'Please perform summary for the following deployment'],
    [
      'other',
      'plan',
      '  Focus on IAM changes ',
      'Please perform other for the following plan\n\nFocus on IAM changes',
    ],
  ])('%s of %s with notes %j', (kind, runKind, notes, text) => {
    expect(buildAnalysisRequest({ kind, runKind, notes })).toBe(text);
  });
});

describe('validateAnalysisRequest', () => {
  it.each<[AiAnalysisRequest, string | undefined]>([
    [{ kind: 'other', runKind: 'plan', notes: 'why', hasErrors: false }, undefined],
    [
      { kind: 'other', runKind: 'plan', notes: '  ', hasErrors: false },
      'Please describe the analysis you need in the notes',
    ],
    [
      { kind: 'other', runKind: 'plan', hasErrors: true },
      'Please describe the analysis you need in the notes',
    ],
    [{ kind: 'error-analysis', runKind: 'task', hasErrors: true }, undefined],
    [
      { kind: 'error-analysis', runKind: 'task', hasErrors: false },
      'Error analysis is offered only when the run has errors',
    ],
    [{ kind: 'summary', runKind: 'deployment', hasErrors: false }, undefined],
  ])('%o → %s', (request, text) => {
    const result = validateAnalysisRequest(request);
    expect(result && renderMessage(result)).toBe(text);
  });
});
