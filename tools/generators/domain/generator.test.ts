import { readProjectConfiguration, readJson, type Tree } from '@nx/devkit';
import { createTreeWithEmptyWorkspace } from '@nx/devkit/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { domainGenerator } from './generator.cjs';

const domainGraph = readFileSync(join(import.meta.dirname, '../../lint/domain-graph.mjs'), 'utf8');

describe('domain generator', () => {
  let tree: Tree;

  beforeEach(() => {
    tree = createTreeWithEmptyWorkspace();
    tree.write('tools/lint/domain-graph.mjs', domainGraph);
    for (const source of [
      'libs/session/src/lib/app-routes.ts',
      'libs/session/src/lib/settings-sections.ts',
      'openapi/dist/openapi.json',
      // The server half registers its module in these when the contract describes the resource.
      'apps/api/src/compose-operations.ts',
      'apps/api/src/db/schema.ts',
      'apps/api/src/crypto/ids.ts',
      'apps/api/src/testing/sample-entities.ts',
    ]) {
      tree.write(source, readFileSync(join(import.meta.dirname, '../../..', source), 'utf8'));
    }
    tree.write('tsconfig.base.json', JSON.stringify({ compilerOptions: { paths: {} } }));
  });

  it('creates tagged feature and data-access libraries with an index, a test and a story', async () => {
    await domainGenerator(tree, { name: 'tfc-migration' });

    const feature = readProjectConfiguration(tree, 'tfc-migration-feature');
    expect(feature.tags).toEqual(['scope:tfc-migration', 'type:feature', 'platform:web']);
    const dataAccess = readProjectConfiguration(tree, 'tfc-migration-data-access');
    expect(dataAccess.tags).toEqual(['scope:tfc-migration', 'type:data-access', 'platform:web']);

    for (const file of [
      'libs/tfc-migration/feature/src/index.ts',
      'libs/tfc-migration/feature/src/lib/tfc-migration-page.test.tsx',
      'libs/tfc-migration/feature/src/lib/tfc-migration-page.stories.tsx',
      'libs/tfc-migration/data-access/src/lib/tfc-migration.keys.test.ts',
      'libs/tfc-migration/feature/src/test-setup.ts',
    ]) {
      expect(tree.exists(file), file).toBe(true);
    }
    // Page tests and stories go through the one shared harness, with the one API client provider.
    expect(tree.read('libs/tfc-migration/feature/src/testing/render-page.tsx', 'utf-8')).toContain(
      "import { pageRenderer } from '@terrace/session/testing';",
    );
    expect(tree.read('libs/tfc-migration/feature/src/testing/story-app.tsx', 'utf-8')).toContain(
      "import { storyApp } from '@terrace/session/stories';",
    );
    expect(tree.exists('libs/tfc-migration/feature/src/testing/api-providers.tsx')).toBe(false);
    expect(
      tree.read('libs/tfc-migration/feature/src/lib/tfc-migration-page.test.tsx', 'utf-8'),
    ).toContain("from '../testing/render-page'");
    expect(tree.read('libs/tfc-migration/feature/src/index.ts', 'utf-8')).toContain(
      'tfcMigrationPages',
    );
    expect(readJson(tree, 'tsconfig.base.json').compilerOptions.paths).toEqual({
      '@terrace/tfc-migration/data-access': ['libs/tfc-migration/data-access/src/index.ts'],
      '@terrace/tfc-migration/feature': ['libs/tfc-migration/feature/src/index.ts'],
    });
  });

  it('puts the page under the route id named like the domain, or the one given', async () => {
    await domainGenerator(tree, { name: 'audit' });
    expect(tree.read('libs/audit/feature/src/lib/audit.pages.ts', 'utf-8')).toContain(
      "audit: lazyPage(() => import('./audit-page').then((m) => m.AuditPage)),",
    );
    await domainGenerator(tree, { name: 'tfc-migration', route: 'terraformCloudMigration' });
    expect(tree.read('libs/tfc-migration/feature/src/lib/tfc-migration.pages.ts', 'utf-8')).toContain('terraformCloudMigration: lazyPage(');
    await expect(domainGenerator(tree, { name: 'dr', route: 'disasterRecovry' })).rejects.toThrow(/not a route id/);
  });

  it('builds requests, query options and a delete mutation on a resource the contract describes', async () => {
    await domainGenerator(tree, { name: 'cloud-creds', resource: 'SshKey', settingsSection: 'ssh-keys' });
    const requests = tree.read('libs/cloud-creds/data-access/src/lib/cloud-creds.requests.ts', 'utf-8');
    expect(requests).toContain("client.GET('/sshKey', { signal })");
    expect(requests).toContain("client.DELETE('/sshKey/{keyId}', { params: { path: { keyId } } })");
    expect(tree.read('libs/cloud-creds/data-access/src/lib/cloud-creds.queries.ts', 'utf-8')).toContain(
      'queryFn: ({ signal }) => cloudCredsRequests.list(client, signal)',
    );
    expect(tree.read('libs/cloud-creds/data-access/src/lib/delete-cloud-creds.mutation.ts', 'utf-8')).toContain(
      'return queryClient.invalidateQueries(',
    );
    expect(tree.read('libs/cloud-creds/feature/src/lib/cloud-creds.settings-sections.ts', 'utf-8')).toContain("id: 'ssh-keys'");
  });

  it('builds no requests on a resource the contract does not describe, and refuses a settings section outside the catalogue', async () => {
    await domainGenerator(tree, { name: 'audit', resource: 'AuditEntry' });
    expect(tree.exists('libs/audit/data-access/src/lib/audit.requests.ts')).toBe(false);
    expect(tree.read('libs/audit/data-access/src/index.ts', 'utf-8')).not.toContain('auditRequests');
    await expect(domainGenerator(tree, { name: 'registry', settingsSection: 'billing' })).rejects.toThrow(/not in libs\/session/);
  });

  it('refuses a domain the lint graph does not declare', async () => {
    await expect(domainGenerator(tree, { name: 'billing' })).rejects.toThrow(
      /not in tools\/lint\/domain-graph.mjs/,
    );
  });

  it('refuses to overwrite an existing library', async () => {
    await domainGenerator(tree, { name: 'audit' });
    await expect(domainGenerator(tree, { name: 'audit' })).rejects.toThrow(/exists already/);
  });
});
