CREATE TABLE "drift_checks" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"stack_id" text NOT NULL,
	"namespace_id" text NOT NULL,
	"run_id" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"drift_state" text,
	"drifted_resource_count" integer DEFAULT 0 NOT NULL,
	"error_message" text,
	"after_run_id" text,
	"auto_sync_allowed" boolean DEFAULT true NOT NULL,
	"auto_sync_run_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "drift_history" (
	"organization_id" text NOT NULL,
	"stack_id" text NOT NULL,
	"day" date NOT NULL,
	"drift_state" text NOT NULL,
	CONSTRAINT "drift_history_organization_id_stack_id_day_pk" PRIMARY KEY("organization_id","stack_id","day")
);
--> statement-breakpoint
CREATE TABLE "drift_remediations" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"stack_id" text NOT NULL,
	"mode" text NOT NULL,
	"run_id" text NOT NULL,
	"resource_addresses" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drift_resources" (
	"check_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"stack_id" text NOT NULL,
	"address" text NOT NULL,
	"resource_type" text,
	"drift_kind" text NOT NULL,
	"deploy_required_kind" text,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "drift_resources_check_id_address_pk" PRIMARY KEY("check_id","address")
);
--> statement-breakpoint
ALTER TABLE "stacks" ADD COLUMN "drift_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stacks" ADD COLUMN "next_drift_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "drift_checks" ADD CONSTRAINT "drift_checks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drift_history" ADD CONSTRAINT "drift_history_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drift_remediations" ADD CONSTRAINT "drift_remediations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drift_resources" ADD CONSTRAINT "drift_resources_check_id_drift_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."drift_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drift_resources" ADD CONSTRAINT "drift_resources_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drift_checks_org_stack_created_idx" ON "drift_checks" USING btree ("organization_id","stack_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "drift_checks_run_key" ON "drift_checks" USING btree ("run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "drift_checks_stack_active_key" ON "drift_checks" USING btree ("stack_id") WHERE status in ('queued', 'inProgress');--> statement-breakpoint
CREATE INDEX "drift_checks_org_active_idx" ON "drift_checks" USING btree ("organization_id") WHERE status in ('queued', 'inProgress');--> statement-breakpoint
CREATE INDEX "drift_history_org_day_idx" ON "drift_history" USING btree ("organization_id","day");--> statement-breakpoint
CREATE INDEX "drift_remediations_org_stack_idx" ON "drift_remediations" USING btree ("organization_id","stack_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stacks_next_drift_idx" ON "stacks" USING btree ("next_drift_at");