import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { isManagedControlPolicyId, type ManagedControlPolicyId } from '@terrace/domain';

/**
 * The names of the managed policies the server ships (libs/policy-engine managed.ts), translated:
 * the server sends them in English, the same in every organization; one per id of the domain's
 * managedControlPolicyIds, which the engine's definitions are keyed by too. A policy of the
 * organization's own keeps the name its author gave it.
 */
const managedPolicyNames: Record<ManagedControlPolicyId, MessageDescriptor> = {
  'pol-managed-ebs-encrypted': msg`EBS volumes are encrypted`,
  'pol-managed-rds-encrypted': msg`RDS storage is encrypted`,
  'pol-managed-rds-not-public': msg`RDS instances are not publicly accessible`,
  'pol-managed-s3-block-public-acls': msg`S3 public access blocks: block public ACLs`,
  'pol-managed-s3-block-public-policy': msg`S3 public access blocks: block public policies`,
  'pol-managed-kms-rotation': msg`KMS keys rotate`,
  'pol-managed-cloudtrail-validation': msg`CloudTrail validates log files`,
  'pol-managed-cloudtrail-multiregion': msg`CloudTrail covers every region`,
  'pol-managed-imdsv2': msg`EC2 instances require IMDSv2`,
  'pol-managed-password-length': msg`IAM password policy: at least 14 characters`,
  'pol-managed-password-reuse': msg`IAM password policy: no reuse of the last 24`,
  'pol-managed-efs-encrypted': msg`EFS file systems are encrypted`,
  'pol-managed-sg-no-ssh-world': msg`Security group rules do not open SSH to the world`,
  'pol-managed-elb-tls': msg`Load balancer listeners use HTTPS or TLS`,
};

/** A policy's name as the user reads it: a managed policy's in the user's language. */
export function policyName(i18n: I18n, policy: { id: string; name: string }): string {
  return isManagedControlPolicyId(policy.id) ? i18n._(managedPolicyNames[policy.id]) : policy.name;
}
