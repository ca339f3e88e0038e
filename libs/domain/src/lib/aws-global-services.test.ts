import { describe, expect, it } from 'vitest';
import { awsServiceScope, cloudTrailRegion, type AwsServiceScope } from './aws-global-services';

describe('awsServiceScope', () => {
  it.each<[string, AwsServiceScope]>([
    ['CloudFront', 'global'],
    ['IAM', 'global'],
    ['NetworkManager', 'global'],
    ['Route53', 'global'],
    ['S3', 'global'],
    ['s3', 'global'],
    [' iam ', 'global'],
    ['CloudWatch', 'partlyGlobal'],
    ['ECR', 'partlyGlobal'],
    ['EC2', 'regional'],
    ['Lambda', 'regional'],
    ['', 'regional'],
  ])('%s → %s', (service, scope) => {
    expect(awsServiceScope(service)).toBe(scope);
  });
});

describe('cloudTrailRegion', () => {
  it.each<[string, string]>([
    ['aws-global', 'us-east-1'],
    ['us-east-1', 'us-east-1'],
    ['eu-west-1', 'eu-west-1'],
    ['global', 'global'],
  ])('%s → %s', (region, expected) => {
    expect(cloudTrailRegion(region)).toBe(expected);
  });
});
