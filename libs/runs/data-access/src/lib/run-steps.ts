import type { RunDetail, RunStep } from './runs.types';

/** The steps of a run, wherever its kind keeps them (planSteps, deploymentSteps, taskSteps). */
export function stepsOf(run: RunDetail): RunStep[] {
  if ('deploymentSteps' in run && run.deploymentSteps) return run.deploymentSteps;
  if ('planSteps' in run && run.planSteps) return run.planSteps;
  if ('taskSteps' in run && run.taskSteps) return run.taskSteps;
  return [];
}
