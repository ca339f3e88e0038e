CREATE TABLE "stack_dependencies" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stack_id" text NOT NULL,
	"depends_on_stack_id" text NOT NULL,
	"references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"trigger_option" text DEFAULT 'always' NOT NULL,
	"created_by" text,
	CONSTRAINT "stack_dependencies_edge_key" UNIQUE("organization_id","stack_id","depends_on_stack_id")
);
--> statement-breakpoint
CREATE TABLE "stack_discovery_configurations" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"namespace_id" text NOT NULL,
	"description" text,
	"vcs_patterns" jsonb NOT NULL,
	"stack_config" jsonb NOT NULL,
	"status" text DEFAULT 'init' NOT NULL,
	"last_run_at" timestamp with time zone,
	"created_by" text,
	CONSTRAINT "stack_discovery_configurations_name_key" UNIQUE("organization_id","name")
);
--> statement-breakpoint
CREATE TABLE "stack_discovery_events" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"configuration_id" text NOT NULL,
	"status" text DEFAULT 'init' NOT NULL,
	"trigger" text NOT NULL,
	"created_stacks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stack_dependencies" ADD CONSTRAINT "stack_dependencies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stack_discovery_configurations" ADD CONSTRAINT "stack_discovery_configurations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stack_discovery_events" ADD CONSTRAINT "stack_discovery_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stack_discovery_events" ADD CONSTRAINT "stack_discovery_events_configuration_id_stack_discovery_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."stack_discovery_configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stack_dependencies_upstream_idx" ON "stack_dependencies" USING btree ("organization_id","depends_on_stack_id");--> statement-breakpoint
CREATE INDEX "stack_discovery_configurations_ns_idx" ON "stack_discovery_configurations" USING btree ("organization_id","namespace_id");--> statement-breakpoint
CREATE INDEX "stack_discovery_events_config_idx" ON "stack_discovery_events" USING btree ("organization_id","configuration_id","created_at");