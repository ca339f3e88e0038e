/**
 * The ids of the managed (read-only) control policies the server ships, the same in every
 * organization. libs/policy-engine defines each one (its name, parameters, compliance groups) and
 * the console its translated name, both keyed by this list so the type system keeps them in step.
 */
export const managedControlPolicyIds = [
  'pol-managed-ebs-encrypted',
  'pol-managed-rds-encrypted',
  'pol-managed-rds-not-public',
  'pol-managed-s3-block-public-acls',
  'pol-managed-s3-block-public-policy',
  'pol-managed-kms-rotation',
  'pol-managed-cloudtrail-validation',
  'pol-managed-cloudtrail-multiregion',
  'pol-managed-imdsv2',
  'pol-managed-password-length',
  'pol-managed-password-reuse',
  'pol-managed-efs-encrypted',
  'pol-managed-sg-no-ssh-world',
  'pol-managed-elb-tls',
] as const;
export type ManagedControlPolicyId = (typeof managedControlPolicyIds)[number];

export const isManagedControlPolicyId = (id: string): id is ManagedControlPolicyId => (managedControlPolicyIds as readonly string[]).includes(id);
