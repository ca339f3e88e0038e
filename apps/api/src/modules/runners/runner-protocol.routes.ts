import { defineOperations, list, raw, runnerOperation, single, userOperation, publicOperation } from '../../http/operation-registry';
import type { JobOutcome } from '../runs/run-jobs.service';
import { openRunLogStream, type RunLogStreamDeps } from './run-log-stream';
import {
  appendLogWithToken,
  authenticateJob,
  authenticateJobOrRunner,
  credentialsOfJob,
  authenticateRunner,
  finishJobOfRunner,
  jobStateBackend,
  registerRunner,
  reportStep,
  runnerHeartbeat,
  specOfJob,
  takeNextJob,
  type RunnerProtocolDeps,
} from './runner-protocol.service';

/** The runner protocol's operations (runner and job tokens) and the run log stream of the console. */
export const runnerProtocolOperations = (deps: RunnerProtocolDeps & { stream: RunLogStreamDeps }) =>
  defineOperations({
    registerRunner: publicOperation(async ({ entity }) => single(await registerRunner(deps, entity))),
    sendRunnerHeartbeat: runnerOperation(async ({ bearerToken, entity }) => {
      const runner = await authenticateRunner(deps, bearerToken);
      return single(await runnerHeartbeat(deps, runner, entity));
    }),
    claimRunnerJob: runnerOperation(async ({ bearerToken, entity, signal }) => {
      const runner = await authenticateRunner(deps, bearerToken);
      if (runner.organizationId === null) return list([]);
      // A runner killed while it waits must not be given a job it will never run.
      const job = await takeNextJob(deps, runner, entity?.waitSeconds ?? 25, signal);
      return list(job ? [job] : []);
    }),
    getRunnerJobSpec: runnerOperation(async ({ bearerToken, params }) => {
      const job = await authenticateJob(deps, bearerToken, params.jobId);
      return single((await specOfJob(deps, job, bearerToken ?? '')) as never);
    }),
    appendRunnerJobLog: runnerOperation(async ({ bearerToken, params, entity }) =>
      single({ end: await appendLogWithToken(deps, bearerToken, params.jobId, entity.offset, entity.data) }),
    ),
    reportRunnerStepResult: runnerOperation(async ({ bearerToken, params, entity }) => {
      const job = await authenticateJob(deps, bearerToken, params.jobId);
      return single(await reportStep(deps, job, entity));
    }),
    finishRunnerJob: runnerOperation(async ({ bearerToken, params, entity }) => {
      const job = await authenticateJob(deps, bearerToken, params.jobId);
      const outcome = { ...(entity.outcome ?? {}), status: entity.status } as JobOutcome;
      await finishJobOfRunner(deps, job, entity.finalLogOffset, outcome);
      return single({});
    }),
    getRunnerJobCredentials: runnerOperation(async ({ bearerToken, params }) => {
      const job = await authenticateJobOrRunner(deps, bearerToken, params.jobId);
      return list(await credentialsOfJob(deps, job));
    }),
    getRunnerJobState: runnerOperation(async ({ bearerToken, params }) => {
      const job = await authenticateJob(deps, bearerToken, params.jobId);
      const backend = jobStateBackend(job.stackId, bearerToken ?? '');
      return single({ address: backend.address, lockAddress: backend.lockAddress, unlockAddress: backend.unlockAddress, username: backend.username, token: backend.password });
    }),
    streamRunLogs: userOperation(async (actor, { params, query, headers }) => {
      const lastEventId = Number(headers['last-event-id']);
      const from = Number.isSafeInteger(lastEventId) && lastEventId >= 0 ? lastEventId : (query.afterSeq ?? 0);
      const body = await openRunLogStream(deps.stream, actor, params.runId, from);
      return raw({
        status: 200,
        headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' },
        body,
      });
    }),
  });
