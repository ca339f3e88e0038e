CREATE TABLE "control_policies" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"type" text NOT NULL,
	"parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" text,
	CONSTRAINT "control_policies_org_name" UNIQUE("organization_id","name")
);
--> statement-breakpoint
CREATE TABLE "control_policy_group_mappings" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"control_policy_group_id" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"enforcement_level" text,
	"by_severity" jsonb,
	"override_enforcements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "control_policy_group_mappings_key" UNIQUE("organization_id","control_policy_group_id","target_type","target_id")
);
--> statement-breakpoint
CREATE TABLE "control_policy_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"policies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "control_policy_groups_org_name" UNIQUE("organization_id","name")
);
--> statement-breakpoint
CREATE TABLE "control_policy_mappings" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"control_policy_id" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"enforcement_level" text NOT NULL,
	CONSTRAINT "control_policy_mappings_key" UNIQUE("organization_id","control_policy_id","target_type","target_id")
);
--> statement-breakpoint
CREATE TABLE "policy_results" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"run_id" text NOT NULL,
	"run_kind" text NOT NULL,
	"stack_id" text NOT NULL,
	"stack_name" text,
	"namespace_id" text NOT NULL,
	"control_policy_id" text NOT NULL,
	"policy_name" text NOT NULL,
	"policy_type" text NOT NULL,
	"enforcement_level" text NOT NULL,
	"status" text NOT NULL,
	"severity_score" integer NOT NULL,
	"failed_resources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error_message" text,
	"result" jsonb,
	"is_latest" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "control_policies" ADD CONSTRAINT "control_policies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_policy_group_mappings" ADD CONSTRAINT "control_policy_group_mappings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_policy_groups" ADD CONSTRAINT "control_policy_groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_policy_mappings" ADD CONSTRAINT "control_policy_mappings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_results" ADD CONSTRAINT "policy_results_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "control_policy_group_mappings_target_idx" ON "control_policy_group_mappings" USING btree ("organization_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "control_policy_mappings_target_idx" ON "control_policy_mappings" USING btree ("organization_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "policy_results_run_idx" ON "policy_results" USING btree ("organization_id","run_id");--> statement-breakpoint
CREATE INDEX "policy_results_latest_idx" ON "policy_results" USING btree ("organization_id","is_latest","stack_id","control_policy_id");