import { expireApprovals, type RunJobsDeps } from './run-jobs.service';

export interface RunSweeper {
  stop(): Promise<void>;
}

/**
 * The approval sweeper: every `intervalMs` (15 s by default) deployments waiting for approval past
 * their deadline end in approvalTimeout (`expireApprovals`). Safe on several replicas at once:
 * each run is re-read under its row lock before it changes. The runner protocol's sweeper owns
 * lost jobs (`failExpiredJobs`).
 */
export function startApprovalSweeper(
  deps: RunJobsDeps,
  options: { intervalMs?: number; onError?: (error: unknown) => void; onExpired?: (count: number) => void } = {},
): RunSweeper {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = expireApprovals(deps)
      .then((count) => {
        if (count > 0) options.onExpired?.(count);
      })
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.intervalMs ?? 15_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
