import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  isPreRelease,
  resolveVersion,
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
