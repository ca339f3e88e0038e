CREATE TABLE "stack_discovery_proposals" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"configuration_id" text NOT NULL,
	"event_id" text,
	"provider_id" text NOT NULL,
	"repo_name" text NOT NULL,
	"branch" text,
	"path" text NOT NULL,
	"iac_type" text NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"stack_id" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "stack_discovery_proposals_dir_key" UNIQUE("organization_id","configuration_id","provider_id","repo_name","path")
);
--> statement-breakpoint
ALTER TABLE "stack_discovery_configurations" ADD COLUMN "mode" text DEFAULT 'create' NOT NULL;--> statement-breakpoint
ALTER TABLE "stack_discovery_events" ADD COLUMN "requested_by" jsonb;--> statement-breakpoint
ALTER TABLE "stack_discovery_events" ADD COLUMN "proposed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stack_discovery_proposals" ADD CONSTRAINT "stack_discovery_proposals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stack_discovery_proposals" ADD CONSTRAINT "stack_discovery_proposals_configuration_id_stack_discovery_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."stack_discovery_configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stack_discovery_proposals_config_idx" ON "stack_discovery_proposals" USING btree ("organization_id","configuration_id","status");