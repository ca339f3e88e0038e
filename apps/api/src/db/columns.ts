import { text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

// Column builders the module schemas share, so a table states only what is its own. They build
// exactly the columns the schemas spelled out before (drizzle-kit sees no change).

/** A point in time: `timestamp with time zone`. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** `created_at`, set by the database. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** `updated_at`, set by the database on insert; repositories set it on update (`touched`). */
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

/** `expires_at`, required. */
export const expiresAt = () => timestamptz('expires_at').notNull();

/** A required text reference whose rows go with the row they name (`on delete cascade`). */
export const cascadingReference = (name: string, target: () => AnyPgColumn) =>
  text(name).notNull().references(target, { onDelete: 'cascade' });
