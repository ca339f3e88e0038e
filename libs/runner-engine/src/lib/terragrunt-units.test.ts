import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { standInBin, startStateBackend, type StateBackend } from '@terrace/iac-stand-in';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packUnitFiles, terragruntDependencyPaths, terragruntUnitGraph, terragruntUnits, unpackUnitFiles, writeBackendOverrides } from './terragrunt-units';

let work: string;
let backend: StateBackend;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'terrace-tg-units-'));
  backend = await startStateBackend({ password: 'job-token-123' });
});
afterAll(async () => {
  await backend.close();
  await rm(work, { recursive: true, force: true });
});

const unitTf = (name: string) => `resource "null_resource" "${name}" {\n  triggers = { name = "${name}" }\n}\n`;

describe('the units of a terragrunt stack', () => {
  it('get one state address each, written as their backend override, which terragrunt then uses', async () => {
    const stack = join(work, 'live');
    for (const unit of ['prod/vpc', 'prod/app']) {
      await mkdir(join(stack, unit), { recursive: true });
      await writeFile(join(stack, unit, 'terragrunt.hcl'), 'inputs = {}\n');
      await writeFile(join(stack, unit, 'main.tf'), unitTf(unit.split('/')[1] ?? 'x'));
    }
    // A cache of terragrunt's is no unit.
    await mkdir(join(stack, 'prod/app/.terragrunt-cache/abc'), { recursive: true });
    await writeFile(join(stack, 'prod/app/.terragrunt-cache/abc/terragrunt.hcl'), '');
    expect(await terragruntUnits(stack)).toEqual(['prod/app', 'prod/vpc']);

    const http = { kind: 'http' as const, address: `${backend.origin}/api/state/stk-1`, lockAddress: `${backend.origin}/api/state/stk-1/lock`, unlockAddress: `${backend.origin}/api/state/stk-1/lock`, username: 'terraform', password: 'job-token-123' };
    expect(await writeBackendOverrides(stack, http, 'terrace_backend_override.tf', true)).toEqual(['', 'prod/app', 'prod/vpc']);
    const vpc = await readFile(join(stack, 'prod/vpc/terrace_backend_override.tf'), 'utf8');
    expect(vpc).toContain(`address        = "${backend.origin}/api/state/stk-1/unit/prod%2Fvpc"`);
    expect(vpc).toContain(`lock_address   = "${backend.origin}/api/state/stk-1/unit/prod%2Fvpc/lock"`);
    expect(vpc).not.toContain('job-token-123');
    expect(await readFile(join(stack, 'terrace_backend_override.tf'), 'utf8')).toContain(`address        = "${backend.origin}/api/state/stk-1"`);

    // terragrunt (the stand-in) in each unit reads its own state.
    for (const unit of ['prod/vpc', 'prod/app']) {
      const code = await new Promise<number>((resolve) =>
        execFile(standInBin('terragrunt'), ['run', '--', 'init', '-input=false'], { cwd: join(stack, unit), env: { PATH: `${join(standInBin('terraform'), '..')}:${process.env['PATH'] ?? ''}`, TF_HTTP_PASSWORD: 'job-token-123', TERRACE_STANDIN_VERSION: '0.77.0' } }, (error) =>
          resolve(error ? 1 : 0),
        ),
      );
      expect(code).toBe(0);
    }
    const paths = backend.requests.filter((r) => r.method === 'GET').map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['/api/state/stk-1/unit/prod%2Fvpc', '/api/state/stk-1/unit/prod%2Fapp']));
  });

  it('leaves a plain terraform stack (or a terragrunt stack of one unit) at the stack address', async () => {
    const stack = join(work, 'single');
    await mkdir(stack, { recursive: true });
    await writeFile(join(stack, 'terragrunt.hcl'), '');
    const http = { kind: 'http' as const, address: 'https://t.example/api/state/stk-2', lockAddress: 'x', unlockAddress: 'x', username: 'terraform', password: 'p' };
    expect(await writeBackendOverrides(stack, http, 'o.tf', true)).toEqual(['']);
    expect(await writeBackendOverrides(stack, http, 'o.tf', false)).toEqual(['']);
    expect(await readFile(join(stack, 'o.tf'), 'utf8')).toContain('address        = "https://t.example/api/state/stk-2"');
  });
});

describe("the order of a terragrunt stack's units", () => {
  it('reads dependency and dependencies blocks, past comments, heredocs and other blocks', () => {
    const hcl = `# dependency "commented" { config_path = "../nope" }
include "root" {
  path = find_in_parent_folders("root.hcl")
}
/* dependencies { paths = ["../nope"] } */
generate "provider" {
  path     = "provider.tf"
  contents = <<EOF
dependency "in-heredoc" { config_path = "../nope" }
EOF
}
dependency "vpc" {
  config_path = "../vpc" // the network
  mock_outputs = { id = "x" }
}
dependency "dns" {
  config_path = "\${get_terragrunt_dir()}/../../shared/dns"
}
dependencies {
  paths = ["../db", "../cache"]
}
inputs = { name = "dependency" }
`;
    expect(terragruntDependencyPaths(hcl)).toEqual(['../vpc', './../../shared/dns', '../db', '../cache']);
    expect(() => terragruntDependencyPaths('dependency "x" {\n  config_path = local.path\n}\n')).toThrow(/cannot resolve/);
  });

  it('orders units after what they depend on, keeps outside dependencies apart and refuses cycles', async () => {
    const stack = join(work, 'graph');
    const unit = async (name: string, hcl: string) => {
      await mkdir(join(stack, name), { recursive: true });
      await writeFile(join(stack, name, 'terragrunt.hcl'), hcl);
    };
    await unit('b-app', 'dependency "db" {\n  config_path = "../c-db"\n}\ndependencies {\n  paths = ["../../elsewhere"]\n}\n');
    await unit('c-db', 'dependency "vpc" {\n  config_path = "../d-vpc"\n}\n');
    await unit('d-vpc', '');
    await unit('a-alone', '');
    expect((await terragruntUnitGraph(stack)).map((u) => [u.name, u.dependsOn, u.external])).toEqual([
      ['a-alone', [], []],
      ['d-vpc', [], []],
      ['c-db', ['d-vpc'], []],
      ['b-app', ['c-db'], ['../../elsewhere']],
    ]);
    await unit('d-vpc', 'dependencies {\n  paths = ["../b-app"]\n}\n');
    await expect(terragruntUnitGraph(stack)).rejects.toThrow('The units b-app, c-db, d-vpc depend on each other in a cycle');
  });

  it("packs several units' saved plans into one artifact, and tells a plain plan file apart", () => {
    const packed = packUnitFiles([{ unit: 'a', content: 'AAEC', hasChanges: true }]);
    expect(unpackUnitFiles(packed)).toEqual([{ unit: 'a', content: 'AAEC', hasChanges: true }]);
    expect(unpackUnitFiles(Buffer.from('TERRACE-STANDIN-PLANFILE v1\n{}').toString('base64'))).toBeNull();
    expect(unpackUnitFiles(Buffer.from('{"format_version":"1.2"}').toString('base64'))).toBeNull();
  });
});
