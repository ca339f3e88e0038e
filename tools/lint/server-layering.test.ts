import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baselineFile, compareWithBaseline, findViolations, isMutatingName, modulesDir, readModules } from './server-layering.mjs';

const files = (entries: Record<string, string>) => new Map(Object.entries(entries).map(([path, text]) => [join(modulesDir, path), text]));

describe('server layering', () => {
  it("refuses another module's tables and repository, not its service nor its own", () => {
    const found = findViolations(
      files({
        'stacks/stacks.service.ts': [
          "import { namespaces } from '../namespaces/namespaces.schema';",
          "import { findNamespace } from '../namespaces/namespaces.repository';",
          "import { getNamespace } from '../namespaces/namespaces.service';",
          "import { stacks } from './stacks.schema';",
          "import * as repo from './stacks.repository';",
        ].join('\n'),
      }),
    );
    expect(found).toEqual([
      'module-repository stacks/stacks.service.ts: imports ../namespaces/namespaces.repository',
      'module-tables stacks/stacks.service.ts: imports ../namespaces/namespaces.schema',
    ]);
  });

  it('refuses a routes file that touches the database', () => {
    const found = findViolations(
      files({
        'stacks/stacks.routes.ts': [
          "import { eq } from 'drizzle-orm';",
          "import { inOrganization } from '../../db/scope';",
          "import { listStacks } from './stacks.repository';",
          "import { defineOperations } from '../../http/operation-registry';",
          "import { createStack } from './stacks.service';",
        ].join('\n'),
      }),
    );
    expect(found).toEqual([
      'routes-database stacks/stacks.routes.ts: imports ../../db/scope',
      'routes-database stacks/stacks.routes.ts: imports ./stacks.repository',
      'routes-database stacks/stacks.routes.ts: imports drizzle-orm',
    ]);
  });

  it('requires an audit row from every exported mutating service function, directly or through a helper', () => {
    const found = findViolations(
      files({
        'stacks/stacks.service.ts': [
          "import { recordAudit } from '../audit/audit.service';",
          "import { audited } from './stack-audit.service';",
          'export async function createStack() { await recordAudit(scope, initiator, entry); }',
          'async function write(scope) { await recordAudit(scope, initiator, entry); }',
          'export async function updateStack() { await inOrganization(db, id, (scope) => write(scope)); }',
          'export const deleteStack = async () => audited();',
          'export async function removeStackTag() { await repo.remove(); }',
          'export async function listStacks() { return repo.list(); }',
          'async function setInternal() {}',
        ].join('\n'),
        'stacks/stack-audit.service.ts': [
          "import * as audit from '../audit/audit.service';",
          'export async function audited() { await audit.recordAudit(scope, initiator, entry); }',
        ].join('\n'),
      }),
    );
    expect(found).toEqual(['audit stacks/stacks.service.ts: removeStackTag writes no audit row']);
  });

  it('names mutating functions by their first word', () => {
    expect(['createStack', 'updateNamespace', 'setDefault', 'removeMember', 'signOut', 'revokeToken'].every(isMutatingName)).toBe(true);
    expect(['listStacks', 'getStack', 'settings', 'addressOf', 'toNamespace', 'resolveKey'].some(isMutatingName)).toBe(false);
  });

  it('fails on a new violation and on a baseline entry that no longer occurs', () => {
    expect(compareWithBaseline(['a', 'b'], ['b', 'c'])).toEqual({ added: ['a'], fixed: ['c'] });
  });

  it('holds on the server as it is, against its baseline', () => {
    const baseline = Object.keys(JSON.parse(readFileSync(baselineFile, 'utf8')) as Record<string, string>);
    expect(compareWithBaseline(findViolations(readModules()), baseline)).toEqual({ added: [], fixed: [] });
  });
});
