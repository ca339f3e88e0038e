import { jobEnvironment, SecretMasker, specSecrets, type JobSpec } from '@terrace/runner-engine';
import { describe, expect, it } from 'vitest';
import { withCredentials } from './runner-agent';

const spec: JobSpec = {
  jobId: 'job-1',
  runId: 'run-1',
  runKind: 'deployment',
  phase: 'plan',
  organizationId: 'org-1',
  stackId: 'stk-1',
  stackName: 'app',
  repository: { url: 'https://git.example.com/acme/infra.git', branch: 'main', path: '.' },
  iac: { engine: 'terraform', version: '1.9.5' },
  variables: [
    { name: 'AWS_REGION', value: 'eu-west-1', kind: 'environment', sensitive: false },
    { name: 'AWS_ACCESS_KEY_ID', value: 'stack-level-key', kind: 'environment', sensitive: false },
    { name: 'AWS_ACCESS_KEY_ID', value: 'a terraform variable keeps its name', kind: 'terraform', sensitive: false },
  ],
  varFiles: [],
  hooks: { beforeInit: [], afterInit: [], beforePlan: [], afterPlan: [], beforeApply: [], afterApply: [] },
  backend: { kind: 'local' } as JobSpec['backend'],
};

describe('the job cloud credentials on the runner', () => {
  it('become the steps environment (over a stack variable of the same name), their values masked in the log', () => {
    const withCloud = withCredentials(spec, [
      { provider: 'aws', env: { AWS_ACCESS_KEY_ID: 'AKIAEXAMPLEKEY', AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI-secret', AWS_SESSION_TOKEN: 'session-token-123' }, expiresAt: '2026-11-24T18:00:00Z' },
    ]);
    const { env } = jobEnvironment({ spec: withCloud, home: '/job/home', tmp: '/job/tmp', path: '/usr/bin' });
    expect(env).toMatchObject({ AWS_REGION: 'eu-west-1', AWS_ACCESS_KEY_ID: 'AKIAEXAMPLEKEY', AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI-secret', AWS_SESSION_TOKEN: 'session-token-123' });
    expect(env['TF_VAR_AWS_ACCESS_KEY_ID']).toBe('a terraform variable keeps its name');
    const masker = new SecretMasker(specSecrets(withCloud));
    const line = masker.maskText('using AKIAEXAMPLEKEY with wJalrXUtnFEMI-secret and session-token-123 in eu-west-1\n');
    expect(line).not.toMatch(/AKIAEXAMPLEKEY|wJalrXUtnFEMI-secret|session-token-123/);
    expect(line).toContain('eu-west-1');
  });

  it('change nothing when the server has none', () => {
    expect(withCredentials(spec, [])).toBe(spec);
  });
});
