CREATE TABLE "stacks" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"namespace_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"iac_type" text NOT NULL,
	"stack_type" text NOT NULL,
	"template_id" text,
	"blueprint_id" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"drift_state" text DEFAULT 'notChecked' NOT NULL,
	"error_state" text DEFAULT 'ok' NOT NULL,
	"init_status" text DEFAULT 'succeeded' NOT NULL,
	"latest_run_status" text,
	"latest_run_id" text,
	"latest_run_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_by" text
);
--> statement-breakpoint
ALTER TABLE "stacks" ADD CONSTRAINT "stacks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stacks_org_ns_name_key" ON "stacks" USING btree ("organization_id","namespace_id","name");--> statement-breakpoint
CREATE INDEX "stacks_org_name_idx" ON "stacks" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "stacks_org_created_idx" ON "stacks" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "stacks_org_updated_idx" ON "stacks" USING btree ("organization_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "stacks_org_latest_run_idx" ON "stacks" USING btree ("organization_id","latest_run_at","id");--> statement-breakpoint
CREATE INDEX "stacks_org_status_idx" ON "stacks" USING btree ("organization_id","latest_run_status","name");--> statement-breakpoint
CREATE INDEX "stacks_org_drift_idx" ON "stacks" USING btree ("organization_id","drift_state","name");--> statement-breakpoint
CREATE INDEX "stacks_org_error_idx" ON "stacks" USING btree ("organization_id","error_state","name");--> statement-breakpoint
CREATE INDEX "stacks_org_iac_idx" ON "stacks" USING btree ("organization_id","iac_type","name");--> statement-breakpoint
CREATE INDEX "stacks_org_id_idx" ON "stacks" USING btree ("organization_id","id");