import type { ApiClient } from '@terrace/api-client';
import { firstItem } from '@terrace/session';
import { listRuns } from './run-list.query';
import type {
  Deployment,
  Plan,
  RemoteRun,
  RunComment,
  RunDetail,
  RunDetailKind,
  RunStateV2,
  Task,
} from './runs.types';

/**
 * The reads of the runs domain: plain functions on the one configured client, on the contract's
 * generated paths. They take the query's abort `signal`. The run event stream is opened and read
 * by `followRunEvents` (run-event-stream.ts). What changes a run (start, cancel, approve, comment)
 * is in runs.commands.ts: a runs list loads none of it.
 */
export const runsRequests = {
  list: listRuns,

  async get(client: ApiClient, kind: RunDetailKind, id: string, signal?: AbortSignal): Promise<RunDetail> {
    switch (kind) {
      case 'plan': {
        const { data } = await client.GET('/stack/plan/{planId}', { params: { path: { planId: id } }, signal });
        return firstItem<Plan>(data);
      }
      case 'deployment': {
        const { data } = await client.GET('/stack/deployment/{deploymentId}', { params: { path: { deploymentId: id } }, signal });
        return firstItem<Deployment>(data);
      }
      case 'task': {
        const { data } = await client.GET('/stack/task/{taskId}', { params: { path: { taskId: id } }, signal });
        return firstItem<Task>(data);
      }
    }
  },

  /** The steps with their results (the spec's result keys): `planState/v2`, `deploymentState/v2`, `taskState`. */
  async state(client: ApiClient, kind: RunDetailKind, id: string, signal?: AbortSignal): Promise<RunStateV2> {
    switch (kind) {
      case 'plan': {
        const { data } = await client.GET('/stack/planState/v2', { params: { query: { planId: id } }, signal });
        return firstItem(data);
      }
      case 'deployment': {
        const { data } = await client.GET('/stack/deploymentState/v2', { params: { query: { deploymentId: id } }, signal });
        return firstItem(data);
      }
      case 'task': {
        const { data } = await client.GET('/stack/taskState', { params: { query: { taskId: id } }, signal });
        return firstItem(data);
      }
    }
  },

  async comments(client: ApiClient, runId: string, signal?: AbortSignal): Promise<RunComment[]> {
    const { data } = await client.GET('/comment', { params: { query: { runId } }, signal });
    return data?.response.items ?? [];
  },
  async remoteRun(client: ApiClient, runId: string, signal?: AbortSignal): Promise<RemoteRun> {
    const { data } = await client.GET('/stack/remoteRun/details', { params: { query: { runId } }, signal });
    return firstItem(data);
  },
};
