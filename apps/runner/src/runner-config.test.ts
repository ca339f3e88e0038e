import { describe, expect, it } from 'vitest';
import { loadRunnerConfig, RunnerConfigError } from './runner-config';

describe('runner settings', () => {
  const base = { TERRACE_URL: 'https://terrace.example.com/api/', RUNNER_TOKEN: 'trg_abcdefghijklmnop' };

  it('reads the URL, the group token and the defaults', () => {
    expect(loadRunnerConfig({ ...base, RUNNER_NAME: 'rack-1' })).toMatchObject({
      apiUrl: 'https://terrace.example.com/api',
      groupToken: 'trg_abcdefghijklmnop',
      name: 'rack-1',
      concurrency: 1,
      drainMs: 30 * 60_000,
      once: false,
    });
    expect(loadRunnerConfig({ ...base, RUNNER_CONCURRENCY: '4', RUNNER_ONCE: 'true', RUNNER_DRAIN_SECONDS: '0' })).toMatchObject({ concurrency: 4, once: true, drainMs: 0 });
  });

  it('says what is wrong with a setting', () => {
    expect(() => loadRunnerConfig({ RUNNER_TOKEN: base.RUNNER_TOKEN })).toThrow(/TERRACE_URL/);
    expect(() => loadRunnerConfig({ ...base, RUNNER_TOKEN: 'trn_runner-token' })).toThrow(/registration token/);
    expect(() => loadRunnerConfig({ ...base, RUNNER_CONCURRENCY: '0' })).toThrow(RunnerConfigError);
  });
});
