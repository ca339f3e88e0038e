import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { GitClient } from '@terrace/git';
import { startGitHttpServer, TestRepositories, type GitHttpServer } from '@terrace/git/testing';
import { evaluateRego } from '@terrace/policy-engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRegoFiles } from './rego-files';

// OPA policies kept in a repository: real git over HTTP (git's own backend), read as the run reads
// them, then evaluated by the opa stand-in.

const opaStandIn = resolve(import.meta.dirname, '../../../../../tools/opa-stand-in/bin/opa');
const credentials = { username: 'x-access-token', password: 'ghp_policyRepoToken123' };
let repos: TestRepositories;
let server: GitHttpServer;
let workRoot: string;
let git: GitClient;

const rego = 'package terrace\n\nimport rego.v1\n\ndeny contains msg if {\n  some rc in input.plan.resource_changes\n  "delete" in rc.change.actions\n  msg := sprintf("%s may not be deleted", [rc.address])\n}\n';

beforeAll(async () => {
  repos = await TestRepositories.create();
  await repos.create('policies', {
    'policies/no-delete.rego': rego,
    'policies/no-delete_test.rego': 'package terrace\n\ntest_x if {\n  true\n}\n',
    'policies/README.md': '# policies\n',
    'other/allow.rego': 'package other\n\ndefault allow := true\n',
  });
  await repos.commit('policies', { 'policies/extra.rego': 'package terrace\n\nwarn contains "extra" if {\n  true\n}\n' }, 'feature');
  server = await startGitHttpServer({ root: repos.root, credentials });
  workRoot = await mkdtemp(join(tmpdir(), 'terrace-rego-git-'));
  git = new GitClient({ workRoot, timeoutMs: 30_000 });
});

afterAll(async () => {
  await server.close();
  await repos.dispose();
  await rm(workRoot, { recursive: true, force: true });
});

const remote = async () => ({ url: server.urlOf('policies'), credentials: { type: 'basic' as const, ...credentials } });

describe('Rego from a repository', () => {
  it("reads a directory's .rego files (not tests) on the default branch, or one file, or a branch", async () => {
    const dir = await readRegoFiles(git, { providerId: 'vcsp-x', repoName: 'acme/policies', path: '/policies/' }, remote);
    expect(Object.keys(dir)).toEqual(['no-delete.rego']);
    const file = await readRegoFiles(git, { providerId: 'vcsp-x', repoName: 'acme/policies', path: 'other/allow.rego' }, remote);
    expect(file).toEqual({ 'allow.rego': 'package other\n\ndefault allow := true\n' });
    const branch = await readRegoFiles(git, { providerId: 'vcsp-x', repoName: 'acme/policies', path: 'policies', branch: 'feature' }, remote);
    expect(Object.keys(branch).sort()).toEqual(['extra.rego', 'no-delete.rego']);
  });

  it('evaluates what it read', async () => {
    const modules = await readRegoFiles(git, { providerId: 'vcsp-x', repoName: 'acme/policies', path: 'policies' }, remote);
    const input = { plan: { resource_changes: [{ address: 'aws_db_instance.main', change: { actions: ['delete'] } }] } };
    expect(await evaluateRego({ modules }, input, { binary: opaStandIn })).toMatchObject({
      status: 'failed',
      failedResources: [{ address: '', message: 'aws_db_instance.main may not be deleted' }],
    });
  });
});
