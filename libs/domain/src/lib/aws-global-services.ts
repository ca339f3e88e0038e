/** The pseudo-region holding global resources, per cloud. */
export const AWS_GLOBAL_REGION = 'aws-global';
export const AZURE_GLOBAL_REGION = 'global';
export const GCP_GLOBAL_REGION = 'global';

/** AWS services whose resources live in no region. */
export const awsGlobalServices = ['CloudFront', 'IAM', 'NetworkManager', 'Route53', 'S3'] as const;
/** Services with some global resource types (e.g. CloudWatch dashboards, ECR public repositories). */
export const awsPartlyGlobalServices = ['CloudWatch', 'ECR'] as const;

export type AwsServiceScope = 'global' | 'partlyGlobal' | 'regional';

const normalize = (service: string) => service.trim().toLowerCase();
const globalSet = new Set<string>(awsGlobalServices.map(normalize));
const partlySet = new Set<string>(awsPartlyGlobalServices.map(normalize));

/** Service names arrive in several spellings (S3, s3, Route53), so the match ignores case. */
export function awsServiceScope(service: string): AwsServiceScope {
  const key = normalize(service);
  if (globalSet.has(key)) return 'global';
  if (partlySet.has(key)) return 'partlyGlobal';
  return 'regional';
}

/** CloudTrail records global-service events in us-east-1, so links for aws-global go there. */
export function cloudTrailRegion(region: string): string {
  return region === AWS_GLOBAL_REGION ? 'us-east-1' : region;
}
