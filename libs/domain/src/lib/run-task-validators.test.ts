import { describe, expect, it } from 'vitest';
import { runTaskMessages, validateResourceAddress, validateResourceAddresses } from './run-task-validators';

describe('validateResourceAddress', () => {
  it.each([
    'aws_instance.web',
    'aws_instance.web[0]',
    'aws_instance.web["blue"]',
    'data.aws_ami.base',
    'module.app.aws_s3_bucket.logs',
    'module.app[1].module.inner["eu-west-1"].aws_s3_bucket.logs[0]',
    'google-beta_thing.my-name',
  ])('accepts %s', (address) => {
    expect(validateResourceAddress(address)).toBeUndefined();
  });

  it.each(['', 'aws_instance', 'aws_instance.', '.web', '1aws.web', 'module.app', 'aws_instance.web[x]', 'aws_instance.web extra', 'module..a.b'])(
    'refuses %j',
    (address) => {
      expect(validateResourceAddress(address)).toEqual(runTaskMessages.resourceAddress);
    },
  );
});

describe('validateResourceAddresses', () => {
  it('names the first malformed address problem, then duplicates', () => {
    expect(validateResourceAddresses(['a.b', 'bad'])).toEqual(runTaskMessages.resourceAddress);
    expect(validateResourceAddresses(['a.b', 'a.b'])).toEqual(runTaskMessages.resourceAddressDuplicate);
    expect(validateResourceAddresses(['a.b', 'module.m.a.b'])).toBeUndefined();
  });
});
