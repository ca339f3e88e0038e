import { describe, expect, it } from 'vitest';
import { renderMessage, type Message } from './message';
import {
  validateModuleName,
  validateProviderName,
  validateResourceName,
  validateTagPrefix,
  validateUniqueName,
  versionFromTag,
} from './name-validators';

const text = (m: Message | undefined) => m && renderMessage(m);

describe('validateResourceName', () => {
  const MESSAGE =
    'Name must start with a letter or underscore and contain only letters, digits, underscores and dashes';
  it.each<[string, string | undefined]>([
    ['web_server', undefined],
    ['_internal', undefined],
    ['bucket-1', undefined],
    ['A', undefined],
    ['1bucket', MESSAGE],
    ['-bucket', MESSAGE],
    ['my.bucket', MESSAGE],
    ['my bucket', MESSAGE],
    ['', MESSAGE],
  ])('%j → %s', (name, expected) => {
    expect(text(validateResourceName(name))).toBe(expected);
  });
});

describe('validateUniqueName', () => {
  const taken = { existingNames: ['bucket', 'shared'], namesInCode: ['region', 'shared'] };
  it.each<[string, string | undefined]>([
    ['fresh', undefined],
    ['bucket', 'Resource name or variable name already exists...'],
    ['region', 'Variable name already exists in code'],
    ['shared', 'Variable name already exists in code'],
    ['Bucket', undefined],
  ])('%j → %s', (name, expected) => {
    expect(text(validateUniqueName(name, taken))).toBe(expected);
  });
});

describe('validateModuleName', () => {
  const MESSAGE =
    'Module name may contain only letters, digits, hyphens and underscores, and must not start or end with a hyphen or underscore';
  it.each<[string, string | undefined]>([
    ['vpc', undefined],
    ['aws-vpc_module2', undefined],
    ['a', undefined],
    ['-vpc', MESSAGE],
    ['vpc-', MESSAGE],
    ['_vpc', MESSAGE],
    ['vpc_', MESSAGE],
    ['my vpc', MESSAGE],
    ['vpc.v2', MESSAGE],
    ['', MESSAGE],
  ])('%j → %s', (name, expected) => {
    expect(text(validateModuleName(name))).toBe(expected);
  });
});

describe('validateProviderName', () => {
  const MESSAGE = 'Provider name may contain only lowercase letters and digits';
  it.each<[string, string | undefined]>([
    ['aws', undefined],
    ['azurerm', undefined],
    ['k8s', undefined],
    ['AWS', MESSAGE],
    ['google-beta', MESSAGE],
    ['', MESSAGE],
  ])('%j → %s', (name, expected) => {
    expect(text(validateProviderName(name))).toBe(expected);
  });
});

describe('validateTagPrefix', () => {
  it.each<[string, string | undefined]>([
    ['network', undefined],
    ['aws-vpc-2', undefined],
    ['a'.repeat(32), undefined],
    ['a'.repeat(33), 'Tag prefix must be at most 32 characters'],
    ['net_work', 'Tag prefix may contain only letters, digits and hyphens'],
    ['net/work', 'Tag prefix may contain only letters, digits and hyphens'],
    ['', 'Tag prefix may contain only letters, digits and hyphens'],
  ])('%j → %s', (prefix, expected) => {
    expect(text(validateTagPrefix(prefix))).toBe(expected);
  });
});

describe('versionFromTag', () => {
  it.each<[string, string | undefined, string | undefined]>([
    ['network/1.2.0', 'network', '1.2.0'],
    ['network/v1.2.0', 'network', '1.2.0'],
    ['network/1.2.0-rc.1', 'network', '1.2.0-rc.1'],
    ['network/1.2', 'network', undefined],
    ['network-1.2.0', 'network', undefined],
    ['compute/1.2.0', 'network', undefined],
    ['network/01.2.0', 'network', undefined],
    ['1.2.0', undefined, '1.2.0'],
    ['v3.0.1', undefined, '3.0.1'],
    ['latest', undefined, undefined],
  ])('%j with prefix %j → %s', (tag, prefix, expected) => {
    expect(versionFromTag(tag, prefix)).toBe(expected);
  });
});
