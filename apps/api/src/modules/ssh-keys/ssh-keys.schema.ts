import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/tenant-columns';

export type KeyKind = 'ssh' | 'gitSigning';

/** SSH keys (runners clone with them) and git signing keys: one table, one primary per organization and kind. */
export const sshKeys = pgTable(
  'ssh_keys',
  {
    ...tenantColumns('sshKey'),
    kind: text('kind').$type<KeyKind>().notNull(),
    name: text('name').notNull(),
    /** Git signing keys only: gpg or ssh. */
    signingType: text('signing_type').$type<'gpg' | 'ssh'>(),
    publicKey: text('public_key'),
    fingerprint: text('fingerprint'),
    /** Sealed by the SecretEnvelope (context: organization, key id). Never returned. */
    privateKey: text('private_key').notNull(),
    passphrase: text('passphrase'),
    committerName: text('committer_name'),
    committerEmail: text('committer_email'),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdBy: text('created_by'),
  },
  (t) => [
    uniqueIndex('ssh_keys_org_kind_name_key').on(t.organizationId, t.kind, t.name),
    // At most one primary key per organization and kind, whatever the requests do at once.
    uniqueIndex('ssh_keys_org_kind_primary_key').on(t.organizationId, t.kind).where(sql`${t.isPrimary}`),
  ],
);
