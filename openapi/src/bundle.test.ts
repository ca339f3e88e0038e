import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// The bundler is the tool under test; tools/ holds scripts, not a project another project could depend on.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { bundle } from '../../tools/openapi/bundle.mjs';

// The shorthands of tools/openapi/bundle.mjs, bundled from a description written for each test.
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function describeFiles(domains: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-bundle-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'shared'));
  mkdirSync(join(dir, 'domains'));
  writeFileSync(join(dir, 'root.yaml'), 'openapi: 3.1.0\ninfo: { title: t, version: "1" }\n');
  writeFileSync(join(dir, 'shared/components.yaml'), 'components:\n  schemas:\n    Empty: { type: object }\n');
  for (const [file, text] of Object.entries(domains)) writeFileSync(join(dir, 'domains', file), text);
  return dir;
}

const widgets = `
tags: [{ name: widgets, description: d }]
paths:
  /widget/{widgetId}:
    put:
      operationId: updateWidget
      x-security: user
      x-permission: widget:update
      x-query: { force: boolean, kind: WidgetKind, limit: integer! }
      x-entity: WidgetUpdate
      x-items: Widget
  /widget:
    get:
      operationId: listWidgets
      x-security: public
      x-permission: public
      x-paged: true
      x-rate-limited: true
      x-items: Widget
components:
  schemas:
    WidgetKind: { type: string, enum: [a, b] }
    WidgetInput:
      type: object
      required: [name, kind]
      properties: { name: { type: string }, kind: { $ref: '#/components/schemas/WidgetKind' } }
    WidgetUpdate: { x-partial-of: WidgetInput, x-keep-required: [kind] }
    Widget: { type: object, properties: { id: { type: string } } }
`;

describe('bundle', () => {
  it('expands security, query, entity, items, path parameters, summary and error responses', () => {
    const doc = bundle(describeFiles({ 'widgets.yaml': widgets }));
    const op = doc.paths['/widget/{widgetId}'].put;
    expect(op.summary).toBe('Update widget');
    expect(op.tags).toEqual(['widgets']);
    expect(op.security).toEqual([{ userToken: [] }]);
    expect(op.parameters).toEqual([
      { name: 'widgetId', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'force', in: 'query', required: false, schema: { type: 'boolean' } },
      { name: 'kind', in: 'query', required: false, schema: { $ref: '#/components/schemas/WidgetKind' } },
      { name: 'limit', in: 'query', required: true, schema: { type: 'integer' } },
    ]);
    expect(op.requestBody.content['application/json'].schema).toEqual({
      type: 'object',
      required: ['entity'],
      additionalProperties: false,
      properties: { entity: { $ref: '#/components/schemas/WidgetUpdate' } },
    });
    expect(op.responses['200'].content['application/json'].schema.properties.response.properties.items).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/Widget' },
    });
    expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '401', '403', '404', '409', '413', '500']);
  });

  it('marks public calls with the public-request header, pages lists and adds 429 when rate limited', () => {
    const op = bundle(describeFiles({ 'widgets.yaml': widgets })).paths['/widget'].get;
    expect(op.security).toEqual([]);
    expect(op.parameters.map((p: { $ref: string }) => p.$ref)).toEqual([
      '#/components/parameters/PublicRequest',
      '#/components/parameters/Page',
      '#/components/parameters/PageSize',
    ]);
    expect(op.responses['200'].content['application/json'].schema.properties.response.properties.paging).toEqual({ $ref: '#/components/schemas/Paging' });
    expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '429', '500']);
  });

  it('derives the partial-update schema: nothing required but kept fields, null allowed, closed', () => {
    const update = bundle(describeFiles({ 'widgets.yaml': widgets })).components.schemas.WidgetUpdate;
    expect(update.required).toEqual(['kind']);
    expect(update.additionalProperties).toBe(false);
    expect(update.properties.name).toEqual({ anyOf: [{ type: 'string' }, { type: 'null' }] });
    expect(update.properties.kind).toEqual({ $ref: '#/components/schemas/WidgetKind' });
    expect(update['x-partial-of']).toBeUndefined();
  });

  it('refuses an operation without operationId, permission, security or 200 response', () => {
    const broken = (extra: string) => `tags: [{ name: w }]\npaths:\n  /w:\n    get:\n${extra}`;
    expect(() => bundle(describeFiles({ 'w.yaml': broken('      x-security: user\n      x-permission: a:b\n      x-items: Empty\n') }))).toThrow(/no operationId/);
    expect(() => bundle(describeFiles({ 'w.yaml': broken('      operationId: w\n      x-security: user\n      x-items: Empty\n') }))).toThrow(/no x-permission/);
    expect(() => bundle(describeFiles({ 'w.yaml': broken('      operationId: w\n      x-security: admin\n      x-permission: a:b\n      x-items: Empty\n') }))).toThrow(/x-security must be/);
    expect(() => bundle(describeFiles({ 'w.yaml': broken('      operationId: w\n      x-security: user\n      x-permission: a:b\n') }))).toThrow(/no 200 response/);
  });

  it('refuses a schema or an operation defined by two domain files', () => {
    const twice = { 'a.yaml': widgets, 'b.yaml': widgets.replace('name: widgets', 'name: other') };
    expect(() => bundle(describeFiles(twice))).toThrow(/defined twice|twice/);
  });
});
