import { managedControlPolicyIds, type GroupSeverity, type ManagedControlPolicyId } from '@terrace/domain';
import type { PolicyDefinition } from './types';

/**
 * The managed (read-only) policies and the compliance standards of spec §9 as managed policy groups
 * (`polg-` ids). They are data shipped with the server, the same in every organization, and hold
 * only the controls a typed policy can express on a plan: a property condition on the planned
 * values of the resource the control is about. Controls about account settings, logging pipelines
 * or people (most of CIS and NIST) cannot be checked on a plan and are not listed. This is an
 * honest subset, not a certification; the control ids are in each policy's description.
 */

export interface ManagedGroup {
  id: string;
  name: string;
  description: string;
  controlPolicies: { controlPolicyId: string; severity: GroupSeverity }[];
}

type ManagedPolicy = PolicyDefinition & { id: ManagedControlPolicyId; description: string };

const cond = (name: string, description: string, resourceType: string, property: string, operator: 'boolean' | 'ne' | 'gte' | 'in' | 'match', value?: string): Omit<ManagedPolicy, 'id'> => ({
  name,
  description,
  type: 'resource_property_condition',
  parameters: { propertyConditions: [{ resourceType, property, operator, ...(value !== undefined ? { value } : {}) }] },
});

// One definition per id of @terrace/domain's managedControlPolicyIds (the console keys its translated names by them).
const definitions: Record<ManagedControlPolicyId, Omit<ManagedPolicy, 'id'>> = {
  'pol-managed-ebs-encrypted': cond('EBS volumes are encrypted', 'CIS AWS 2.2.1, FSBP EC2.3, PCI DSS 3.4 / 3.5.1, NIST SC-28', 'aws_ebs_volume', 'encrypted', 'boolean', 'true'),
  'pol-managed-rds-encrypted': cond('RDS storage is encrypted', 'CIS AWS 2.3.1, FSBP RDS.3, PCI DSS 3.4 / 3.5.1, NIST SC-28', 'aws_db_instance', 'storage_encrypted', 'boolean', 'true'),
  'pol-managed-rds-not-public': cond('RDS instances are not publicly accessible', 'FSBP RDS.2, PCI DSS 1.2.1 / 1.3.1, NIST AC-3 / SC-7', 'aws_db_instance', 'publicly_accessible', 'boolean', 'false'),
  'pol-managed-s3-block-public-acls': cond('S3 public access blocks: block public ACLs', 'CIS AWS 2.1.5, FSBP S3.8, PCI DSS 1.3.1, NIST AC-3', 'aws_s3_bucket_public_access_block', 'block_public_acls', 'boolean', 'true'),
  'pol-managed-s3-block-public-policy': cond('S3 public access blocks: block public policies', 'CIS AWS 2.1.5, FSBP S3.8, PCI DSS 1.3.1, NIST AC-3', 'aws_s3_bucket_public_access_block', 'block_public_policy', 'boolean', 'true'),
  'pol-managed-kms-rotation': cond('KMS keys rotate', 'CIS AWS 3.8, FSBP KMS.4, PCI DSS 3.6.4, NIST SC-12', 'aws_kms_key', 'enable_key_rotation', 'boolean', 'true'),
  'pol-managed-cloudtrail-validation': cond('CloudTrail validates log files', 'CIS AWS 3.2, FSBP CloudTrail.4, PCI DSS 10.5.2, NIST AU-9', 'aws_cloudtrail', 'enable_log_file_validation', 'boolean', 'true'),
  'pol-managed-cloudtrail-multiregion': cond('CloudTrail covers every region', 'CIS AWS 3.1, FSBP CloudTrail.1, NIST AU-12', 'aws_cloudtrail', 'is_multi_region_trail', 'boolean', 'true'),
  'pol-managed-imdsv2': cond('EC2 instances require IMDSv2', 'FSBP EC2.8, NIST AC-3', 'aws_instance', 'metadata_options.0.http_tokens', 'in', 'required'),
  'pol-managed-password-length': cond('IAM password policy: at least 14 characters', 'CIS AWS 1.8, PCI DSS 8.2.3 / 8.3.6, NIST IA-5', 'aws_iam_account_password_policy', 'minimum_password_length', 'gte', '14'),
  'pol-managed-password-reuse': cond('IAM password policy: no reuse of the last 24', 'CIS AWS 1.9, NIST IA-5', 'aws_iam_account_password_policy', 'password_reuse_prevention', 'gte', '24'),
  'pol-managed-efs-encrypted': cond('EFS file systems are encrypted', 'CIS AWS 2.4.1, FSBP EFS.1, NIST SC-28', 'aws_efs_file_system', 'encrypted', 'boolean', 'true'),
  'pol-managed-sg-no-ssh-world': cond('Security group rules do not open SSH to the world', 'CIS AWS 5.2, FSBP EC2.13, PCI DSS 1.2.1, NIST SC-7', 'aws_vpc_security_group_ingress_rule', 'cidr_ipv4', 'ne', '0.0.0.0/0'),
  'pol-managed-elb-tls': cond('Load balancer listeners use HTTPS or TLS', 'FSBP ELB.1, PCI DSS 4.1 / 4.2.1, NIST SC-8', 'aws_lb_listener', 'protocol', 'in', 'HTTPS,TLS'),
};

export const managedPolicies: ManagedPolicy[] = managedControlPolicyIds.map((id) => ({ id, ...definitions[id] }));

const of = (entries: [ManagedControlPolicyId, GroupSeverity][]) => entries.map(([controlPolicyId, severity]) => ({ controlPolicyId, severity }));

export const managedGroups: ManagedGroup[] = [
  {
    id: 'polg-cis-aws-v1-4-0',
    name: 'CIS AWS Foundations Benchmark v1.4.0',
    description: 'The CIS AWS v1.4.0 controls that can be checked on a plan.',
    controlPolicies: of([
      ['pol-managed-password-length', 'medium'],
      ['pol-managed-password-reuse', 'medium'],
      ['pol-managed-ebs-encrypted', 'high'],
      ['pol-managed-rds-encrypted', 'high'],
      ['pol-managed-efs-encrypted', 'high'],
      ['pol-managed-s3-block-public-acls', 'critical'],
      ['pol-managed-s3-block-public-policy', 'critical'],
      ['pol-managed-cloudtrail-multiregion', 'high'],
      ['pol-managed-cloudtrail-validation', 'medium'],
      ['pol-managed-kms-rotation', 'medium'],
      ['pol-managed-sg-no-ssh-world', 'critical'],
    ]),
  },
  {
    id: 'polg-pci-dss-v3-2-1',
    name: 'PCI DSS v3.2.1',
    description: 'The PCI DSS v3.2.1 requirements that can be checked on a plan.',
    controlPolicies: of([
      ['pol-managed-ebs-encrypted', 'high'],
      ['pol-managed-rds-encrypted', 'high'],
      ['pol-managed-rds-not-public', 'critical'],
      ['pol-managed-s3-block-public-acls', 'critical'],
      ['pol-managed-s3-block-public-policy', 'critical'],
      ['pol-managed-kms-rotation', 'medium'],
      ['pol-managed-cloudtrail-validation', 'medium'],
      ['pol-managed-password-length', 'medium'],
      ['pol-managed-sg-no-ssh-world', 'critical'],
      ['pol-managed-elb-tls', 'high'],
    ]),
  },
  {
    id: 'polg-pci-dss-v4-0-1',
    name: 'PCI DSS v4.0.1',
    description: 'The PCI DSS v4.0.1 requirements that can be checked on a plan.',
    controlPolicies: of([
      ['pol-managed-ebs-encrypted', 'high'],
      ['pol-managed-rds-encrypted', 'high'],
      ['pol-managed-rds-not-public', 'critical'],
      ['pol-managed-s3-block-public-acls', 'critical'],
      ['pol-managed-s3-block-public-policy', 'critical'],
      ['pol-managed-kms-rotation', 'medium'],
      ['pol-managed-cloudtrail-validation', 'medium'],
      ['pol-managed-password-length', 'high'],
      ['pol-managed-sg-no-ssh-world', 'critical'],
      ['pol-managed-elb-tls', 'high'],
    ]),
  },
  {
    id: 'polg-nist-800-53-rev-5',
    name: 'NIST SP 800-53 Rev. 5',
    description: 'The NIST 800-53 Rev.5 controls that can be checked on a plan.',
    controlPolicies: of([
      ['pol-managed-ebs-encrypted', 'medium'],
      ['pol-managed-rds-encrypted', 'medium'],
      ['pol-managed-efs-encrypted', 'medium'],
      ['pol-managed-rds-not-public', 'high'],
      ['pol-managed-s3-block-public-acls', 'high'],
      ['pol-managed-kms-rotation', 'medium'],
      ['pol-managed-cloudtrail-validation', 'medium'],
      ['pol-managed-cloudtrail-multiregion', 'medium'],
      ['pol-managed-imdsv2', 'medium'],
      ['pol-managed-password-length', 'medium'],
      ['pol-managed-password-reuse', 'low'],
      ['pol-managed-sg-no-ssh-world', 'high'],
      ['pol-managed-elb-tls', 'medium'],
    ]),
  },
  {
    id: 'polg-fsbp-v1-0-0',
    name: 'AWS Foundational Security Best Practices v1.0.0',
    description: 'The FSBP v1.0.0 controls that can be checked on a plan.',
    controlPolicies: of([
      ['pol-managed-ebs-encrypted', 'medium'],
      ['pol-managed-rds-encrypted', 'medium'],
      ['pol-managed-rds-not-public', 'critical'],
      ['pol-managed-efs-encrypted', 'medium'],
      ['pol-managed-s3-block-public-acls', 'high'],
      ['pol-managed-s3-block-public-policy', 'high'],
      ['pol-managed-kms-rotation', 'medium'],
      ['pol-managed-cloudtrail-multiregion', 'high'],
      ['pol-managed-cloudtrail-validation', 'low'],
      ['pol-managed-imdsv2', 'high'],
      ['pol-managed-sg-no-ssh-world', 'high'],
      ['pol-managed-elb-tls', 'medium'],
    ]),
  },
];

export const findManagedPolicy = (id: string) => managedPolicies.find((p) => p.id === id);
export const findManagedGroup = (id: string) => managedGroups.find((g) => g.id === id);
