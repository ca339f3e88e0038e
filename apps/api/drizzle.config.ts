import { defineConfig } from 'drizzle-kit';

// `nx run api:db-generate` writes a new migration after a schema change; review and commit it.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/api/src/db/schema.ts',
  out: './apps/api/migrations',
});
