import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFromOpaValue, checkRego, evaluateRego, findOpaBinary, opaVersion } from './opa';

// The adapter runs tools/opa-stand-in as the opa binary: a real process speaking opa eval's JSON.
const standIn = resolve(import.meta.dirname, '../../../../tools/opa-stand-in/bin/opa');

const rego = `package terrace

import rego.v1

deny contains msg if {
  some rc in input.plan.resource_changes
  rc.type == "aws_s3_bucket"
  not rc.change.after.tags.Owner
  msg := {"msg": sprintf("%s has no Owner tag", [rc.address]), "resource": rc.address}
}

warn contains msg if {
  some rc in input.plan.resource_changes
  "delete" in rc.change.actions
  msg := sprintf("%s is deleted", [rc.address])
}
`;

const input = (tags: Record<string, string>, actions = ['create']) => ({
  plan: { resource_changes: [{ address: 'aws_s3_bucket.b', type: 'aws_s3_bucket', change: { actions, after: { tags } } }] },
});

describe('OPA adapter', () => {
  it('finds the configured binary, and none where there is none', async () => {
    expect(await findOpaBinary({ binary: standIn })).toBe(standIn);
    expect(await findOpaBinary({ env: { PATH: '/nonexistent' } })).toBeNull();
    expect(await findOpaBinary({ env: { PATH: resolve(standIn, '..') } })).toBe(standIn);
    expect(await opaVersion({ binary: standIn })).toMatch(/^Version: /);
  });

  it('fails on deny messages, passes without, keeps warnings as a note', async () => {
    const failed = await evaluateRego({ modules: { 'tags.rego': rego } }, input({}), { binary: standIn });
    expect(failed).toMatchObject({ status: 'failed', failedResources: [{ address: 'aws_s3_bucket.b', message: 'aws_s3_bucket.b has no Owner tag' }] });
    const ok = await evaluateRego({ modules: { 'tags.rego': rego } }, input({ Owner: 'me' }, ['delete', 'create']), { binary: standIn });
    expect(ok).toMatchObject({ status: 'passed', errorMessage: 'aws_s3_bucket.b is deleted' });
  });

  it('reads a rule query (set or boolean) and an undefined query', async () => {
    const set = await evaluateRego({ modules: { 'p.rego': rego }, query: 'data.terrace.deny' }, input({}), { binary: standIn });
    expect(set.status).toBe('failed');
    const allow = 'package terrace\n\ndefault allow := false\n\nallow if {\n  input.plan.resource_changes[_].change.after.tags.Owner == "me"\n}\n';
    expect((await evaluateRego({ modules: { 'a.rego': allow }, query: 'data.terrace.allow' }, input({ Owner: 'me' }), { binary: standIn })).status).toBe('passed');
    expect((await evaluateRego({ modules: { 'a.rego': allow }, query: 'data.terrace.allow' }, input({ Owner: 'x' }), { binary: standIn })).status).toBe('failed');
    expect((await evaluateRego({ modules: { 'a.rego': allow }, query: 'data.other' }, input({}), { binary: standIn })).status).toBe('passed');
  });

  it('is Unable to Check on a Rego error or without a binary', async () => {
    const broken = await evaluateRego({ modules: { 'b.rego': 'package terrace\n\ndeny contains msg if {\n  msg := \n' } }, input({}), { binary: standIn });
    expect(broken).toMatchObject({ status: 'error', errorMessage: expect.stringContaining('rego_parse_error') });
    const none = await evaluateRego({ modules: { 'p.rego': rego } }, input({}), { env: { PATH: '/nonexistent' } });
    expect(none).toMatchObject({ status: 'error', errorMessage: expect.stringContaining('not available') });
  });

  it('checks that Rego compiles', async () => {
    expect(await checkRego({ 'p.rego': rego }, { binary: standIn })).toBeNull();
    expect(await checkRego({ 'p.rego': 'package terrace\n\ndeny contains msg if {\n  msg := "a" +\n}\n' }, { binary: standIn })).toMatch(/rego_parse_error/);
  });

  it('reads values as conftest does', () => {
    expect(checkFromOpaValue({ deny: [], violation: ['v'] }, true).status).toBe('failed');
    expect(checkFromOpaValue([], true).status).toBe('passed');
    expect(checkFromOpaValue(3, true).status).toBe('error');
  });
});
