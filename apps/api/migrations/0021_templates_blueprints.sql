CREATE TABLE "blueprint_namespace_mappings" (
	"organization_id" text NOT NULL,
	"blueprint_id" text NOT NULL,
	"namespace_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blueprint_namespace_mappings_blueprint_id_namespace_id_pk" PRIMARY KEY("blueprint_id","namespace_id")
);
--> statement-breakpoint
CREATE TABLE "blueprints" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"vcs_info" jsonb NOT NULL,
	"stack_configuration" jsonb NOT NULL,
	"substitute_parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"policy" jsonb,
	"skip_plan_on_stack_initialization" boolean DEFAULT false NOT NULL,
	"auto_approve_apply_on_initialization" boolean DEFAULT false NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "ephemeral_stack_events" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" text NOT NULL,
	"template_id" text,
	"blueprint_id" text,
	"stack_id" text NOT NULL,
	"stack_name" text NOT NULL,
	"message" text,
	"run_id" text
);
--> statement-breakpoint
CREATE TABLE "template_namespace_mappings" (
	"organization_id" text NOT NULL,
	"template_id" text NOT NULL,
	"namespace_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "template_namespace_mappings_template_id_namespace_id_pk" PRIMARY KEY("template_id","namespace_id")
);
--> statement-breakpoint
CREATE TABLE "template_stacks" (
	"organization_id" text NOT NULL,
	"stack_id" text PRIMARY KEY NOT NULL,
	"stack_name" text NOT NULL,
	"template_id" text,
	"blueprint_id" text,
	"deploy_run_id" text,
	"deploy_reported" boolean DEFAULT false NOT NULL,
	"destroy_run_id" text,
	"destroy_reported" boolean DEFAULT false NOT NULL,
	"provider_id" text,
	"repo_name" text,
	"pull_request_number" integer,
	"pull_request_url" text,
	"pull_request_branch" text,
	"init_status" text,
	"error_message" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"iac_type" text NOT NULL,
	"vcs_info" jsonb NOT NULL,
	"policy" jsonb,
	"skip_state_refresh_on_destroy" boolean DEFAULT false NOT NULL,
	"iac_config" jsonb,
	"runner_config" jsonb,
	"created_by" text
);
--> statement-breakpoint
ALTER TABLE "blueprint_namespace_mappings" ADD CONSTRAINT "blueprint_namespace_mappings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blueprint_namespace_mappings" ADD CONSTRAINT "blueprint_namespace_mappings_blueprint_id_blueprints_id_fk" FOREIGN KEY ("blueprint_id") REFERENCES "public"."blueprints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blueprints" ADD CONSTRAINT "blueprints_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ephemeral_stack_events" ADD CONSTRAINT "ephemeral_stack_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_namespace_mappings" ADD CONSTRAINT "template_namespace_mappings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_namespace_mappings" ADD CONSTRAINT "template_namespace_mappings_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_stacks" ADD CONSTRAINT "template_stacks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blueprint_ns_mappings_org_ns_idx" ON "blueprint_namespace_mappings" USING btree ("organization_id","namespace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blueprints_org_name_key" ON "blueprints" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "blueprints_org_id_idx" ON "blueprints" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "ephemeral_stack_events_org_created_idx" ON "ephemeral_stack_events" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ephemeral_stack_events_org_template_idx" ON "ephemeral_stack_events" USING btree ("organization_id","template_id","created_at");--> statement-breakpoint
CREATE INDEX "template_ns_mappings_org_ns_idx" ON "template_namespace_mappings" USING btree ("organization_id","namespace_id");--> statement-breakpoint
CREATE INDEX "template_stacks_org_template_idx" ON "template_stacks" USING btree ("organization_id","template_id");--> statement-breakpoint
CREATE INDEX "template_stacks_pr_idx" ON "template_stacks" USING btree ("provider_id","pull_request_number");--> statement-breakpoint
CREATE INDEX "template_stacks_pending_idx" ON "template_stacks" USING btree ("deploy_reported","destroy_reported");--> statement-breakpoint
CREATE UNIQUE INDEX "templates_org_name_key" ON "templates" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "templates_org_id_idx" ON "templates" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "stacks_expires_idx" ON "stacks" USING btree ("expires_at");