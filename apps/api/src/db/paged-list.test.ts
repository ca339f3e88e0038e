import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNamespace, listNamespaces } from '../modules/namespaces/namespaces.repository';
import { namespaces } from '../modules/namespaces/namespaces.schema';
import { insertStack, listStacks } from '../modules/stacks/stacks.repository';
import { signUpOrganization } from '../testing/factories';
import { createTestApi, type TestApi } from '../testing/test-api';
import { pageFollowedBy, renderStatement } from './paged-list';
import { inOrganization, readOrganization } from './scope';

let api: TestApi;
let organizationId: string;
let otherOrganizationId: string;
const namespaceIds: string[] = [];

/** How many statements `work` sends to PostgreSQL (each takes a pooled connection once). */
async function statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  let statements = 0;
  const count = () => statements++;
  api.database.pool.on('acquire', count);
  try {
    return { result: await work(), statements };
  } finally {
    api.database.pool.off('acquire', count);
  }
}

const stackPage = (page: number, pageSize: number, filter = {}) =>
  readOrganization(api.database.db, organizationId, (scope) => listStacks(scope, filter, { page, pageSize, sortBy: 'name', sortOrder: 'asc' }));

beforeAll(async () => {
  api = await createTestApi();
  organizationId = (await signUpOrganization(api, 'paged')).organizationId;
  otherOrganizationId = (await signUpOrganization(api, 'paged-other')).organizationId;
  const suffix = randomBytes(3).toString('hex');
  await inOrganization(api.database.db, organizationId, async (scope) => {
    for (const [i, name] of ['alpha', 'beta', 'gamma'].entries()) {
      const ns = await insertNamespace(scope, { name: `${name}-${suffix}`, iacConfig: i === 0 ? { terraformVersion: '1.9.5' } : null });
      namespaceIds.push(ns.id);
    }
    for (let i = 1; i <= 5; i++) {
      await insertStack(scope, {
        name: `stack-${i}`,
        namespaceId: namespaceIds[i % 3] as string,
        iacType: 'terraform',
        stackType: 'persistent',
        data: {},
      });
    }
  });
});
afterAll(() => api.close());

describe('PagedList', () => {
  it('reads a page, its total and each row’s related row in one statement', async () => {
    const { result, statements } = await statementsOf(() => stackPage(1, 2));
    expect(statements).toBe(1);
    expect(result.total).toBe(5);
    expect(result.rows.map((r) => r.name)).toEqual(['stack-1', 'stack-2']);
    const first = result.rows[0];
    expect(first?.namespace).toMatchObject({ id: namespaceIds[1], name: expect.stringMatching(/^beta-/), iacConfig: null });
    expect(result.rows[1]?.namespace).toMatchObject({ id: namespaceIds[2] });
    // Timestamps are decoded as Drizzle decodes them.
    expect(first?.createdAt).toBeInstanceOf(Date);
    expect(Number.isNaN(first?.createdAt.getTime())).toBe(false);
  });

  it('counts a page past the end with a second statement, and an empty first page with none', async () => {
    const past = await statementsOf(() => stackPage(4, 2));
    expect(past.result).toEqual({ rows: [], total: 5 });
    expect(past.statements).toBe(2);
    const empty = await statementsOf(() => stackPage(1, 2, { stackName: 'no such stack' }));
    expect(empty.result).toEqual({ rows: [], total: 0 });
    expect(empty.statements).toBe(1);
  });

  it('applies the filters to the page and to its total alike', async () => {
    const byNamespace = await stackPage(1, 10, { namespaceId: namespaceIds[1] });
    expect(byNamespace.total).toBe(2);
    expect(byNamespace.rows.map((r) => r.name)).toEqual(['stack-1', 'stack-4']);
    const visible = await stackPage(1, 1, { visible: [namespaceIds[0] as string, 'by:nobody'], search: 'STACK' });
    expect(visible).toMatchObject({ total: 1, rows: [{ name: 'stack-3' }] });
    const namespacesSeen = await readOrganization(api.database.db, organizationId, (scope) =>
      listNamespaces(scope, { visibleIds: [namespaceIds[2] as string, namespaceIds[0] as string] }, { page: 1, pageSize: 1 }),
    );
    expect(namespacesSeen.total).toBe(2);
    expect(namespacesSeen.rows.map((r) => r.id)).toEqual([namespaceIds[0]]);
  });

  it('never reads a related row of another organization', async () => {
    const foreign = await inOrganization(api.database.db, otherOrganizationId, (scope) =>
      insertNamespace(scope, { name: `foreign-${randomBytes(3).toString('hex')}` }),
    );
    await inOrganization(api.database.db, organizationId, (scope) =>
      insertStack(scope, { name: 'stack-6', namespaceId: foreign.id, iacType: 'terraform', stackType: 'persistent', data: {} }),
    );
    const page = await stackPage(1, 10, { stackName: 'stack-6' });
    expect(page.rows).toHaveLength(1);
    expect(page.rows[0]?.namespace).toBeNull();
    // …and never another organization's rows of the list itself.
    const theirs = await readOrganization(api.database.db, otherOrganizationId, (scope) =>
      listStacks(scope, {}, { page: 1, pageSize: 10, sortBy: 'name', sortOrder: 'asc' }),
    );
    expect(theirs).toEqual({ rows: [], total: 0 });
  });
});

describe('renderStatement', () => {
  it('sends one parameter per placeholder name, numbered in the order given, constants after them', () => {
    const org = sql.placeholder('organizationId');
    const name = sql.placeholder('name');
    const query = sql`select (select count(*) from ${namespaces} where ${namespaces.organizationId} = ${org} and ${eq(namespaces.name, name)})
      from ${namespaces} where ${namespaces.organizationId} = ${org} and ${namespaces.description} = ${'fixed'} and ${eq(namespaces.name, name)}
      limit ${sql.placeholder('limit')}`;
    const { text, params } = renderStatement(query, ['organizationId', 'limit', 'offset', 'name']);
    expect([...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]))).toEqual([1, 3, 1, 4, 3, 2]);
    expect(params).toHaveLength(4);
    expect(params[3]).toBe('fixed');
  });

  it('refuses a placeholder that is not a parameter of the list', () => {
    expect(() => renderStatement(sql`select ${sql.placeholder('typo')}`, ['organizationId'])).toThrow(/typo/);
  });
});

describe('pageFollowedBy', () => {
  // 3 rows in the database, then the 4 kept outside it: a page of 2 at each place of the list.
  const own = ['a', 'b', 'c'];
  const after = ['w', 'x', 'y', 'z'];
  const ownPage = (page: number, pageSize: number) => ({ rows: own.slice((page - 1) * pageSize, page * pageSize), total: own.length });

  it.each([
    [1, ['a', 'b']],
    [2, ['c', 'w']],
    [3, ['x', 'y']],
    [4, ['z']],
    [5, []],
  ])('page %i of 2 reads %j, the total counting both', (page, rows) => {
    expect(pageFollowedBy(ownPage(page, 2), { page, pageSize: 2 }, after)).toEqual({ rows, total: 7 });
  });

  it('is the page itself when nothing follows', () => {
    expect(pageFollowedBy(ownPage(1, 10), { page: 1, pageSize: 10 }, [])).toEqual({ rows: own, total: 3 });
  });
});
