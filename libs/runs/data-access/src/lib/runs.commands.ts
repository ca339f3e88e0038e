import type { ApiClient } from '@terrace/api-client';
import { firstItem } from '@terrace/session';
import type { RunComment, RunDetailKind, RunRef, TaskToExecute } from './runs.types';

/** What changes a run, on the contract's generated paths: start a plan, deployment or task, cancel, force start, approve, comment. */
export const runsCommands = {
  async createPlan(client: ApiClient, stackId: string): Promise<RunRef> {
    const { data } = await client.POST('/stack/plan', { body: { entity: { stackId } } });
    return firstItem(data);
  },
  async createDeployment(client: ApiClient, stackId: string, isDestroy: boolean): Promise<RunRef> {
    const { data } = await client.POST('/stack/deployment', { body: { entity: { stackId, isDestroy } } });
    return firstItem(data);
  },
  async createTask(client: ApiClient, stackId: string, taskToExecute: TaskToExecute): Promise<RunRef> {
    const { data } = await client.POST('/stack/task', { body: { entity: { stackId, taskToExecute } } });
    return firstItem(data);
  },

  /** Cancels a run; `force` (deployments that are cancelling) asks the runner to kill the process. */
  async cancel(client: ApiClient, kind: RunDetailKind, id: string, force = false): Promise<RunRef> {
    switch (kind) {
      case 'plan': {
        const { data } = await client.PUT('/stack/plan/cancel', { params: { query: { planId: id } } });
        return firstItem(data);
      }
      case 'deployment': {
        const { data } = await client.PUT('/stack/deployment/cancel', {
          params: { query: { deploymentId: id, ...(force ? { force } : {}) } },
        });
        return firstItem(data);
      }
      case 'task': {
        const { data } = await client.PUT('/stack/task/cancel', { params: { query: { taskId: id } } });
        return firstItem(data);
      }
    }
  },
  /** Moves a waiting plan or deployment to the head of its queue (tasks cannot be force-started). */
  async forceStart(client: ApiClient, kind: Exclude<RunDetailKind, 'task'>, id: string): Promise<RunRef> {
    if (kind === 'plan') {
      const { data } = await client.PUT('/stack/plan/forceStart', { params: { query: { planId: id } } });
      return firstItem(data);
    }
    const { data } = await client.PUT('/stack/deployment/forceStart', { params: { query: { deploymentId: id } } });
    return firstItem(data);
  },
  async approve(client: ApiClient, deploymentId: string): Promise<RunRef> {
    const { data } = await client.PUT('/stack/deployment/approve', { params: { query: { deploymentId } } });
    return firstItem(data);
  },
  async approveFailedPolicies(client: ApiClient, deploymentId: string): Promise<RunRef> {
    const { data } = await client.PUT('/stack/deployment/approveFailedPolicies', { params: { query: { deploymentId } } });
    return firstItem(data);
  },
  async createComment(client: ApiClient, runId: string, text: string): Promise<RunComment> {
    const { data } = await client.POST('/comment', { body: { entity: { runId, text } } });
    return firstItem(data);
  },
};
