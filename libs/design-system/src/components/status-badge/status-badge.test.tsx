import { runStatuses } from '@terrace/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { StatusBadge } from './status-badge';
import { classifyStatus, stepStatusList } from './status-classification';

describe('classifyStatus', () => {
  it('follows the spec classification', () => {
    for (const s of [
      'error',
      'failed',
      'finishedError',
      'applyFailure',
      'approvalTimeout',
      'issuesFound',
      'waitingForFailedControlPoliciesApproval',
      'waitingForErrorControlPoliciesApproval',
    ] as const) {
      expect(classifyStatus(s), s).toBe('errored');
    }
    for (const s of ['succeeded', 'skipped', 'successWithWarning'] as const)
      expect(classifyStatus(s), s).toBe('successful');
    for (const s of ['canceled', 'cancelling'] as const)
      expect(classifyStatus(s), s).toBe('canceled');
  });

  it('puts work in progress in blue and waiting in amber', () => {
    expect(classifyStatus('inProgress')).toBe('inProgress');
    expect(classifyStatus('approved')).toBe('inProgress');
    expect(classifyStatus('queued')).toBe('waiting');
    expect(classifyStatus('waitingForApproval')).toBe('waiting');
  });
});

describe('StatusBadge', () => {
  it('has a label for every run and step status', () => {
    const all = [...new Set([...runStatuses, ...stepStatusList, 'finishedError' as const])];
    renderWithProviders(
      <>
        {all.map((s) => (
          <StatusBadge key={s} status={s} />
        ))}
      </>,
    );
    const badges = document.querySelectorAll('[data-slot="status-badge"]');
    expect(badges).toHaveLength(all.length);
    for (const badge of badges) expect(badge.textContent?.trim()).not.toBe('');
    expect(
      screen
        .getByText('Waiting for approval of failed policies')
        .closest('[data-slot="status-badge"]'),
    ).toHaveAttribute('data-class', 'errored');
  });
});
