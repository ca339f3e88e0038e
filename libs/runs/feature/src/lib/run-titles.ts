import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RunDetail, RunDetailKind } from '@terrace/runs/data-access';
import { taskTypeLabels } from '@terrace/runs/ui';

const kindTitles = {
  plan: msg`Plan`,
  deployment: msg`Deployment`,
  destroy: msg`Destroy`,
  task: msg`Task`,
};

/** A run's page title: its kind (a destroy is a deployment with isDestroy), a task's type with it. */
export function runTitle(i18n: I18n, kind: RunDetailKind, run: RunDetail | undefined): string {
  if (kind === 'deployment' && run && ('isDestroy' in run ? run.isDestroy : run.config?.isDestroy)) return i18n._(kindTitles.destroy);
  const task = run?.config?.taskToExecute?.taskType;
  if (kind === 'task' && task) return `${i18n._(kindTitles.task)} · ${i18n._(taskTypeLabels[task])}`;
  return i18n._(kindTitles[kind]);
}
