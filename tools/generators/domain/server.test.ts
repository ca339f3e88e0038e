import { formatFiles, type Tree } from '@nx/devkit';
import { createTreeWithEmptyWorkspace } from '@nx/devkit/testing';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serverDomainGenerator } from './server.cjs';

const root = join(import.meta.dirname, '../../..');
const shared = [
  'openapi/dist/openapi.json',
  'apps/api/src/compose-operations.ts',
  'apps/api/src/db/schema.ts',
  'apps/api/src/crypto/ids.ts',
  'apps/api/src/testing/sample-entities.ts',
];

describe('domain generator, server half', () => {
  let tree: Tree;

  beforeEach(() => {
    tree = createTreeWithEmptyWorkspace();
    for (const file of shared) tree.write(file, readFileSync(join(root, file), 'utf8'));
  });

  it('scaffolds the module of a resource the contract describes, and registers it', () => {
    expect(serverDomainGenerator(tree, { name: 'templates', resource: 'Template' })).toBe(true);
    const dir = 'apps/api/src/modules/templates';
    for (const file of ['routes', 'service', 'repository', 'schema', 'test']) {
      expect(tree.exists(`${dir}/templates.${file}.ts`), file).toBe(true);
    }
    expect(tree.exists(`${dir}/MIGRATION.md`)).toBe(true);
    const routes = tree.read(`${dir}/templates.routes.ts`, 'utf-8') ?? '';
    expect(routes).toContain('listTemplates: userOperation(');
    expect(routes).toContain('params.templateId');
    expect(routes).not.toMatch(/ as /);
    const service = tree.read(`${dir}/templates.service.ts`, 'utf-8') ?? '';
    expect(service).toContain("await deps.engine.require(actor, 'template:create');");
    expect(service).toContain("recordAudit(scope, initiatorOf(actor), { entityType: 'template'");
    const schema = tree.read(`${dir}/templates.schema.ts`, 'utf-8') ?? '';
    expect(schema).toContain("...tenantColumns('template')");
    expect(schema).toContain("vcsInfo: jsonb('vcs_info')");
    expect(tree.read('apps/api/src/compose-operations.ts', 'utf-8')).toContain('templatesOperations({ db, engine }),');
    expect(tree.read('apps/api/src/db/schema.ts', 'utf-8')).toContain("export * from '../modules/templates/templates.schema';");
    expect(tree.read('apps/api/src/crypto/ids.ts', 'utf-8')).toContain("template: 'tmpl',");
    expect(tree.read('apps/api/src/testing/sample-entities.ts', 'utf-8')).toContain('createTemplate: () => ({');
  });

  it('generates nothing for a resource the contract does not describe (contract first)', () => {
    expect(serverDomainGenerator(tree, { name: 'billing' })).toBe(false);
    expect(tree.children('apps/api/src/modules')).toEqual([]);
  });
});

// Generates into a copy of the workspace and runs what CI runs on the server: the type check,
// the lint, the layering check, and the generated tests (after generating the migration). Its
// permissions are declared first, as a new domain's are.
describe('a generated server module', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'terrace-domain-'));
    for (const entry of ['apps/api', 'libs', 'openapi', 'tools', 'tsconfig.base.json', 'eslint.config.mjs', 'package.json', 'nx.json']) {
      cpSync(join(root, entry), join(work, entry), {
        recursive: true,
        // Build output and caches stay behind, except the bundled contract (openapi/dist).
        filter: (source) => !/[\\/](node_modules|tmp|coverage)$/.test(source) && !(/[\\/]dist$/.test(source) && !source.endsWith(join('openapi', 'dist'))),
      });
    }
    symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('passes the type check, the lint, the layering check and its own tests', async () => {
    const nxTree = createRequire(import.meta.url)(join(root, 'node_modules/nx/dist/src/generators/tree.js')) as {
      FsTree: new (root: string, verbose: boolean) => Tree & { listChanges(): unknown[] };
      flushChanges(root: string, changes: unknown[]): void;
    };
    const tree = new nxTree.FsTree(work, false);
    expect(serverDomainGenerator(tree, { name: 'custom-flows', resource: 'CustomFlow' })).toBe(true);
    await formatFiles(tree);
    nxTree.flushChanges(work, tree.listChanges());

    // The resource's permissions (customFlow:read, …) are already in the shared access model
    // (libs/domain/src/lib/access-model.ts), as every operation of the contract's are.

    const run = (command: string, args: string[]) =>
      execFileSync(command, args, { cwd: work, encoding: 'utf8', stdio: 'pipe', env: { ...process.env, NX_DAEMON: 'false' } });
    run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'apps/api/tsconfig.json', '--noEmit']);
    run(process.execPath, [join(root, 'node_modules/eslint/bin/eslint.js'), '--max-warnings=0', '--rule', '@nx/enforce-module-boundaries: off', 'apps/api/src/modules/custom-flows']);
    expect(run(process.execPath, ['tools/lint/server-layering.mjs'])).toContain('no new violations');

    // Its migration, as MIGRATION.md says, then its tests against a real PostgreSQL.
    run(process.execPath, [join(root, 'node_modules/drizzle-kit/bin.cjs'), 'generate', '--config', 'apps/api/drizzle.config.ts']);
    const tested = execFileSync(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', 'src/modules/custom-flows'], {
      cwd: join(work, 'apps/api'),
      encoding: 'utf8',
      stdio: 'pipe',
      env: { ...process.env, NX_DAEMON: 'false' },
    });
    expect(tested).toMatch(/3 passed/);
  }, 600_000);
});
