import { describe, expect, it } from 'vitest';
import { globToRegExp, normaliseStackPath, runTriggerGlobs, triggeringFiles } from './run-trigger-patterns';

describe('run trigger patterns', () => {
  it('defaults to every file under the stack path', () => {
    const files = ['envs/prod/main.tf', 'envs/prod/modules/x/y.tf', 'envs/production/main.tf', 'envs/dev/main.tf', 'README.md'];
    expect(triggeringFiles(files, 'envs/prod', undefined)).toEqual(['envs/prod/main.tf', 'envs/prod/modules/x/y.tf']);
    expect(triggeringFiles(files, '/envs/prod/', {})).toEqual(['envs/prod/main.tf', 'envs/prod/modules/x/y.tf']);
  });

  it('takes the whole repository for a stack at its root', () => {
    expect(runTriggerGlobs('', undefined)).toEqual({ include: ['**'], exclude: [] });
    expect(triggeringFiles(['a.tf', 'b/c.md'], undefined, undefined)).toEqual(['a.tf', 'b/c.md']);
  });

  it('substitutes ${stack_path} in include and exclude patterns', () => {
    const trigger = { patterns: ['${stack_path}/**/*.tf', 'modules/**'], excludePatterns: ['${stack_path}/docs/**', '**/*.md'] };
    expect(runTriggerGlobs('envs/prod', trigger)).toEqual({ include: ['envs/prod/**/*.tf', 'modules/**'], exclude: ['envs/prod/docs/**', '**/*.md'] });
    const files = ['envs/prod/main.tf', 'envs/prod/docs/x.tf', 'envs/prod/notes.txt', 'modules/vpc/main.tf', 'modules/vpc/README.md', 'envs/dev/main.tf'];
    expect(triggeringFiles(files, 'envs/prod', trigger)).toEqual(['envs/prod/main.tf', 'modules/vpc/main.tf']);
  });

  it('reads the glob syntax', () => {
    expect(globToRegExp('a/**/b.tf').test('a/b.tf')).toBe(true);
    expect(globToRegExp('a/**/b.tf').test('a/x/y/b.tf')).toBe(true);
    expect(globToRegExp('a/*.tf').test('a/x/b.tf')).toBe(false);
    expect(globToRegExp('a/?.tf').test('a/b.tf')).toBe(true);
    expect(globToRegExp('*.{tf,tfvars}').test('x.tfvars')).toBe(true);
    expect(globToRegExp('*.{tf,tfvars}').test('x.json')).toBe(false);
    expect(globToRegExp('[!.]*.tf').test('.hidden.tf')).toBe(false);
    expect(globToRegExp('v1.(x)+.tf').test('v1.(x)+.tf')).toBe(true);
    expect(globToRegExp('v1.(x)+.tf').test('v1a(x)+.tf')).toBe(false);
  });

  it('normalises the stack path', () => {
    expect(normaliseStackPath('./envs//prod/')).toBe('envs/prod');
    expect(normaliseStackPath(undefined)).toBe('');
  });
});
