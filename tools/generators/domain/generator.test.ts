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
      'libs/tfc-migration/feature/src/lib/tfc-migration-home-page.test.tsx',
      'libs/tfc-migration/feature/src/lib/tfc-migration-home-page.stories.tsx',
      'libs/tfc-migration/data-access/src/lib/tfc-migration.keys.test.ts',
      'libs/tfc-migration/feature/src/test-setup.ts',
    ]) {
      expect(tree.exists(file), file).toBe(true);
    }
    // Page tests and stories go through the one shared harness, bound to the domain's API contexts.
    expect(tree.read('libs/tfc-migration/feature/src/testing/render-page.tsx', 'utf-8')).toContain(
      "import { pageRenderer } from '@terrace/session/testing';",
    );
    expect(tree.read('libs/tfc-migration/feature/src/testing/story-app.tsx', 'utf-8')).toContain(
      "import { storyApp } from '@terrace/session/stories';",
    );
    expect(tree.read('libs/tfc-migration/feature/src/testing/api-providers.tsx', 'utf-8')).toContain(
      'export const tfcMigrationApis: ApiProviders',
    );
    expect(
      tree.read('libs/tfc-migration/feature/src/lib/tfc-migration-home-page.test.tsx', 'utf-8'),
    ).toContain("from '../testing/render-page'");
    expect(tree.read('libs/tfc-migration/feature/src/index.ts', 'utf-8')).toContain(
      'tfcMigrationRoutes',
    );
    expect(readJson(tree, 'tsconfig.base.json').compilerOptions.paths).toEqual({
      '@terrace/tfc-migration/data-access': ['libs/tfc-migration/data-access/src/index.ts'],
      '@terrace/tfc-migration/feature': ['libs/tfc-migration/feature/src/index.ts'],
    });
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
