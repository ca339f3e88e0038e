import { text } from 'drizzle-orm/pg-core';
import { newId, type IdKind } from '../crypto/ids';
import { organizationId, userId } from '../modules/accounts/accounts.schema';
import { createdAt, updatedAt } from './columns';

/**
 * The columns every tenant table starts with: a prefixed id (generated on insert when not
 * given), the organization it belongs to (deleted with it), and when it was created and last
 * changed. A table spreads them first and states only what is its own:
 *
 *   export const stacks = pgTable('stacks', { ...tenantColumns('stack'), name: text('name').notNull() });
 *
 * The builders produce exactly the SQL the tables spelled out before (drizzle-kit sees no change).
 */
export const tenantColumns = (kind: IdKind) => ({
  id: text('id')
    .primaryKey()
    .$defaultFn(() => newId(kind)),
  organizationId: organizationId(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// The tenant root's references, for every module's tables: the organization a row belongs to, and
// the user it belongs to (each deleted with its row's owner). Modules take them from here rather
// than from the accounts module's tables.
export { organizationId, userId };
