ALTER TABLE "stack_states" ADD COLUMN "unit" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "state_locks" ADD COLUMN "unit" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "state_versions" ADD COLUMN "unit" text DEFAULT '' NOT NULL;--> statement-breakpoint
DROP INDEX "state_versions_one_current_key";--> statement-breakpoint
ALTER TABLE "stack_states" DROP CONSTRAINT "stack_states_organization_id_stack_id_pk";--> statement-breakpoint
ALTER TABLE "state_locks" DROP CONSTRAINT "state_locks_organization_id_stack_id_pk";--> statement-breakpoint
ALTER TABLE "stack_states" ADD CONSTRAINT "stack_states_organization_id_stack_id_unit_pk" PRIMARY KEY("organization_id","stack_id","unit");--> statement-breakpoint
ALTER TABLE "state_locks" ADD CONSTRAINT "state_locks_organization_id_stack_id_unit_pk" PRIMARY KEY("organization_id","stack_id","unit");--> statement-breakpoint
CREATE UNIQUE INDEX "state_versions_one_current_key" ON "state_versions" USING btree ("organization_id","stack_id","unit") WHERE "state_versions"."status" = 'current';
