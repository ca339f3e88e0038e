import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  isPreRelease,
  resolveVersion,
  satisfiesConstraint,
  newestSatisfying,
  sortVersionsDescending,
  versionPickerOptions,
} from './versions';

describe('compareVersions', () => {
  it.each<[string, string, -1 | 0 | 1]>([
    ['1.10.0', '1.9.0', 1],
    ['1.9.0', '1.10.0', -1],
    ['1.5.7', '1.5.7', 0],
    ['1.5', '1.5.0', 0],
    ['v1.5.0', '1.5.0', 0],
    ['2.0.0', '1.99.99', 1],
    ['1.6.0-beta1', '1.6.0', -1],
    ['1.6.0', '1.6.0-rc1', 1],
    ['1.6.0-alpha', '1.6.0-beta', -1],
    ['1.6.0-rc.2', '1.6.0-rc.10', -1],
    ['1.6.0-rc.1', '1.6.0-rc', 1],
    ['1.6.0-1', '1.6.0-alpha', -1],
    ['1.6.0-beta1', '1.5.9', 1],
    ['1.5.0+build.7', '1.5.0', 0],
    ['0.12.31', '0.13.0', -1],
  ])('%s vs %s → %i', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
  });
});

describe('isPreRelease', () => {
  it.each<[string, boolean]>([
    ['1.6.0', false],
    ['1.6.0-beta1', true],
    ['1.6.0-rc.1', true],
    ['1.6.0+build', false],
  ])('%s → %s', (v, expected) => {
    expect(isPreRelease(v)).toBe(expected);
  });
});

const available = [
  '1.5.0',
  '1.9.2',
  '1.10.0',
  '1.5.7',
  '1.11.0-beta1',
  '0.15.4',
  '1.10.0-rc1',
  '0.3.1',
  '0.3.5',
  '0.4.0',
];

describe('sortVersionsDescending / versionPickerOptions', () => {
  it('sorts newest first with pre-releases below their release', () => {
    expect(sortVersionsDescending(available)).toEqual([
      '1.11.0-beta1',
      '1.10.0',
      '1.10.0-rc1',
      '1.9.2',
      '1.5.7',
      '1.5.0',
      '0.15.4',
      '0.4.0',
      '0.3.5',
      '0.3.1',
    ]);
  });

  it('splits stable and pre-release lists and offers one caret range per minor line', () => {
    const options = versionPickerOptions([...available, '1.5.0']);
    expect(options.latest).toBe('LATEST');
    expect(options.stable).toEqual([
      '1.10.0',
      '1.9.2',
      '1.5.7',
      '1.5.0',
      '0.15.4',
      '0.4.0',
      '0.3.5',
      '0.3.1',
    ]);
    expect(options.preRelease).toEqual(['1.11.0-beta1', '1.10.0-rc1']);
    expect(options.caret).toEqual(['^1.10.0', '^1.9.0', '^1.5.0', '^0.15.0', '^0.4.0', '^0.3.0']);
  });
});

describe('resolveVersion', () => {
  it.each<[string, readonly string[], string | undefined]>([
    ['LATEST', available, '1.10.0'],
    ['LATEST', ['1.0.0-beta'], undefined],
    ['LATEST', [], undefined],
    ['^1.5.0', available, '1.10.0'],
    ['^1.10.0', available, '1.10.0'],
    ['^1.11.0', available, undefined],
    ['^0.3.0', available, '0.3.5'],
    ['^0.3.2', available, '0.3.5'],
    ['^0.4.0', available, '0.4.0'],
    ['^2.0.0', available, undefined],
    ['1.5.7', available, '1.5.7'],
    ['1.11.0-beta1', available, '1.11.0-beta1'],
    ['1.2.3', available, undefined],
  ])('%s → %s', (choice, list, expected) => {
    expect(resolveVersion(choice, list)).toBe(expected);
  });
});

describe('satisfiesConstraint (Terraform version constraints)', () => {
  it.each([
    ['1.5.7', '>= 1.5.0, < 2.0.0', true],
    ['2.0.0', '>= 1.5.0, < 2.0.0', false],
    ['1.6.0', '~> 1.5', true],
    ['2.0.0', '~> 1.5', false],
    ['1.5.9', '~> 1.5.2', true],
    ['1.6.0', '~> 1.5.2', false],
    ['1.5.1', '~> 1.5.2', false],
    ['1.9.0', '~> 1', true],
    ['1.5.0', '1.5.0', true],
    ['1.5.0', '= 1.5.1', false],
    ['1.5.0', '!= 1.5.0', false],
    ['1.5.1', '!= 1.5.0', true],
    ['1.6.0-beta1', '>= 1.5.0', false],
    ['1.6.0-beta1', '1.6.0-beta1', true],
    ['1.6.0-beta2', '>= 1.6.0-beta1', true],
    ['1.7.0-beta1', '>= 1.6.0-beta1', false],
    ['v1.5.0', '>1.4', true],
  ])('%s meets %j: %s', (version, constraint, expected) => {
    expect(satisfiesConstraint(version, constraint)).toBe(expected);
  });

  it.each(['>= banana', '1.2.3.4.5', '>>1', ''])('says %j is not a constraint', (constraint) => {
    expect(satisfiesConstraint('1.0.0', constraint)).toBeUndefined();
  });

  it('picks the newest available version meeting a constraint', () => {
    const available = ['1.4.6', '1.5.7', '1.6.0', '1.6.1-rc1', '2.0.0'];
    expect(newestSatisfying('~> 1.5', available)).toBe('1.6.0');
    expect(newestSatisfying('>= 1.5.0, < 1.6.0', available)).toBe('1.5.7');
    expect(newestSatisfying('>= 3.0', available)).toBeUndefined();
  });
});
