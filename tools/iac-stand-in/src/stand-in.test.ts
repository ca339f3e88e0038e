import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standInBin, startStateBackend, type StandInName, type StateBackend } from './index';

let work: string;
let backend: StateBackend;
const password = 'state-password-123';

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'terrace-standin-'));
  backend = await startStateBackend({ password });
});

afterAll(async () => {
  await backend.close();
  await rm(work, { recursive: true, force: true });
});

function run(name: StandInName, args: string[], cwd: string, env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(standInBin(name), args, { cwd, env: { PATH: process.env['PATH'] ?? '', TF_HTTP_PASSWORD: password, ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

async function module(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(work, 'm-'));
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  return dir;
}

const httpBackend = () => `terraform {
  backend "http" {
    address        = "${backend.addresses.address}"
    lock_address   = "${backend.addresses.lockAddress}"
    unlock_address = "${backend.addresses.unlockAddress}"
    lock_method    = "LOCK"
    unlock_method  = "UNLOCK"
    username       = "terraform"
  }
}
`;

describe('the stand-in speaks terraform', () => {
  it('answers version -json as terraform does', async () => {
    const { stdout } = await run('terraform', ['version', '-json'], work, { TERRACE_STANDIN_VERSION: '1.9.8' });
    expect(JSON.parse(stdout)).toMatchObject({ terraform_version: '1.9.8', platform: expect.stringMatching(/^[a-z]+_[a-z0-9]+$/), provider_selections: {} });
  });

  it('plans with -detailed-exitcode (2 changes, 0 none, 1 error) and shows the plan as JSON 1.2', async () => {
    const dir = await module({ 'main.tf': 'resource "null_resource" "a" {\n  triggers = { x = "1" }\n}\noutput "o" { value = "v" }\n' });
    expect((await run('terraform', ['plan', '-input=false'], dir)).code).toBe(1); // init first
    expect((await run('terraform', ['init', '-input=false'], dir)).code).toBe(0);
    expect(existsSync(join(dir, '.terraform.lock.hcl'))).toBe(true);
    const plan = await run('terraform', ['plan', '-input=false', '-out=p.bin', '-detailed-exitcode', '-no-color'], dir);
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain('Plan: 1 to add, 0 to change, 0 to destroy.');
    const show = JSON.parse((await run('terraform', ['show', '-json', 'p.bin'], dir)).stdout) as Record<string, unknown>;
    expect(Object.keys(show)).toEqual(
      expect.arrayContaining(['format_version', 'terraform_version', 'variables', 'planned_values', 'resource_drift', 'resource_changes', 'output_changes', 'configuration', 'timestamp', 'applyable', 'complete', 'errored']),
    );
    expect(show['format_version']).toBe('1.2');
    expect(show['resource_changes']).toEqual([
      expect.objectContaining({ address: 'null_resource.a', mode: 'managed', type: 'null_resource', name: 'a', provider_name: 'registry.terraform.io/hashicorp/null', change: expect.objectContaining({ actions: ['create'], before: null, after_unknown: { id: true } }) }),
    ]);
    expect((await run('terraform', ['apply', '-input=false', 'p.bin'], dir)).code).toBe(0);
    expect((await run('terraform', ['plan', '-detailed-exitcode'], dir)).code).toBe(0);
    const outputs = JSON.parse((await run('terraform', ['output', '-json'], dir)).stdout) as unknown;
    expect(outputs).toEqual({ o: { sensitive: false, type: 'string', value: 'v' } });
    await writeFile(join(dir, 'main.tf'), 'resource "null_resource" "a" {\n  triggers = { x = "2" }\n}\n');
    const replace = JSON.parse((await run('terraform', ['plan', '-out=p2.bin'], dir).then(() => run('terraform', ['show', '-json', 'p2.bin'], dir))).stdout) as { resource_changes: { change: { actions: string[] }; action_reason?: string }[]; output_changes: Record<string, { actions: string[] }> };
    expect(replace.resource_changes[0]).toMatchObject({ change: { actions: ['delete', 'create'] }, action_reason: 'replace_because_cannot_update' });
    expect(replace.output_changes['o']?.actions).toEqual(['delete']);
  });

  it('asks for required variables with terraform words', async () => {
    const dir = await module({ 'main.tf': 'variable "region" {}\n' });
    await run('terraform', ['init'], dir);
    const plan = await run('terraform', ['plan', '-no-color'], dir);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain('Error: No value for required variable');
    expect((await run('terraform', ['plan'], dir, { TF_VAR_region: 'eu' })).code).toBe(0);
  });

  it('uses the HTTP backend as terraform does: 204 = no state, LOCK with LockInfo, POST ?ID= with Content-MD5, UNLOCK', async () => {
    backend.requests.length = 0;
    const dir = await module({ 'main.tf': `${httpBackend()}resource "null_resource" "a" {}\n` });
    expect((await run('terraform', ['init', '-input=false'], dir)).code).toBe(0);
    expect((await run('terraform', ['apply', '-auto-approve', '-input=false'], dir)).code).toBe(0);
    expect(backend.requests.map((r) => r.method)).toEqual(['GET', 'LOCK', 'GET', 'POST', 'UNLOCK']);
    const [, lock, , post, unlock] = backend.requests;
    expect(Object.keys(JSON.parse(lock?.body ?? '{}'))).toEqual(['ID', 'Operation', 'Info', 'Who', 'Version', 'Created', 'Path']);
    expect(JSON.parse(lock?.body ?? '{}').Operation).toBe('OperationTypeApply');
    expect(post?.query['ID']).toBe(JSON.parse(lock?.body ?? '{}').ID);
    expect(post?.headers['content-md5']).toBe(createHash('md5').update(post?.body ?? '').digest('base64'));
    expect(JSON.parse(post?.body ?? '{}')).toMatchObject({ version: 4, serial: 1, lineage: expect.any(String), resources: [expect.objectContaining({ mode: 'managed', type: 'null_resource', name: 'a' })] });
    expect(unlock?.body).toBe(lock?.body);
    expect(lock?.headers.authorization).toBe(`Basic ${Buffer.from(`terraform:${password}`).toString('base64')}`);
  });

  it('reports a held lock, and force-unlocks with an empty body (terraform) or the ID (OpenTofu 1.10+)', async () => {
    const dir = await module({ 'main.tf': `${httpBackend()}resource "null_resource" "b" {}\n` });
    await run('terraform', ['init'], dir);
    backend.lock = JSON.stringify({ ID: 'held-1', Operation: 'OperationTypeApply', Info: '', Who: 'alice@laptop', Version: '1.9.5', Created: '2026-01-01T00:00:00Z', Path: '' });
    const locked = await run('terraform', ['apply', '-auto-approve', '-no-color'], dir);
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain('Error acquiring the state lock');
    expect(locked.stderr).toContain('Who:       alice@laptop');
    expect((await run('terraform', ['force-unlock', '-force', 'held-1'], dir)).code).toBe(0);
    expect(backend.requests.at(-1)).toMatchObject({ method: 'UNLOCK', body: '', headers: expect.objectContaining({ 'content-type': 'application/json' }) });
    backend.lock = JSON.stringify({ ID: 'held-2' });
    expect((await run('tofu', ['force-unlock', '-force', 'held-2'], dir, { TERRACE_STANDIN_VERSION: '1.10.1' })).code).toBe(0);
    expect(backend.requests.at(-1)?.body).toBe('{"ID":"held-2"}');
    backend.lock = JSON.stringify({ ID: 'held-3' });
    expect((await run('tofu', ['force-unlock', '-force', 'held-3'], dir, { TERRACE_STANDIN_VERSION: '1.8.3' })).code).toBe(0);
    expect(backend.requests.at(-1)).toMatchObject({ body: '', headers: expect.objectContaining({ 'content-type': undefined }) });
  });

  it('refuses a 200 answer without a state version, and keeps errored.tfstate when a write is refused', async () => {
    const dir = await module({ 'main.tf': `${httpBackend()}resource "null_resource" "c" {}\n` });
    backend.state = '{}';
    const init = await run('terraform', ['init', '-no-color'], dir);
    expect(init.code).toBe(1);
    expect(init.stderr).toContain('The state file does not have a "version" attribute');
    backend.state = null;
    await run('terraform', ['init'], dir);
    backend.lock = null;
    const wrongPassword = await run('terraform', ['apply', '-auto-approve', '-lock=false', '-no-color'], dir, { TF_HTTP_PASSWORD: 'nope' });
    expect(wrongPassword.code).toBe(1);
    expect(wrongPassword.stderr).toContain('HTTP remote state endpoint requires auth');
  });

  it('saves errored.tfstate when the backend refuses the write', async () => {
    const dir = await module({ 'main.tf': `${httpBackend()}resource "null_resource" "d" {}\n` });
    await run('terraform', ['init'], dir);
    backend.lock = JSON.stringify({ ID: 'someone-else' });
    // Without locking the client posts without an ID; the backend refuses (409) because a lock is held.
    const apply = await run('terraform', ['apply', '-auto-approve', '-lock=false', '-no-color'], dir);
    backend.lock = null;
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain('Failed to save state');
    expect(JSON.parse(await readFile(join(dir, 'errored.tfstate'), 'utf8'))).toMatchObject({ version: 4 });
  });
});

describe('knobs for kill tests', () => {
  it('holds a plan at its hold point until released, with the knobs read from standin.env next to the installed binary', async () => {
    const bin = await mkdtemp(join(work, 'bin-'));
    const { installStandIns } = await import('./index');
    await installStandIns(bin, { terraform: ['1.9.5'] });
    const hold = await mkdtemp(join(work, 'hold-'));
    await writeFile(join(bin, 'standin.env'), `TERRACE_STANDIN_HOLD_DIR=${hold}\nTERRACE_STANDIN_HOLD_AT=plan\nIGNORED=1\n`);
    const dir = await module({ 'main.tf': 'resource "null_resource" "a" {\n  triggers = { x = "1" }\n}\n' });
    const terraform = join(bin, 'terraform', '1.9.5', 'terraform');
    const exec = (args: string[]) =>
      new Promise<{ code: number; stdout: string }>((resolve) =>
        execFile(terraform, args, { cwd: dir, env: { PATH: process.env['PATH'] ?? '' } }, (error, stdout) => resolve({ code: error ? 1 : 0, stdout })),
      );
    expect((await exec(['init', '-input=false'])).code).toBe(0);
    let ended = false;
    const planned = exec(['plan', '-input=false', '-no-color']).then((r) => {
      ended = true;
      return r;
    });
    for (let i = 0; i < 100 && !existsSync(join(hold, 'plan.held')); i++) await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(join(hold, 'plan.held'))).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(ended).toBe(false);
    await writeFile(join(hold, 'plan.release'), '');
    const result = await planned;
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Plan: 1 to add, 0 to change, 0 to destroy.');
  });
});
