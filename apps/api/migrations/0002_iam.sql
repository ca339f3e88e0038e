CREATE TABLE "team_users" (
	"organization_id" text NOT NULL,
	"team_id" text NOT NULL,
	"user_id" text NOT NULL,
	"user_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_users_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"custom_idp_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_roles" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"type" text NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stack_restriction" text DEFAULT 'none' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programmatic_user_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"programmatic_user_id" text NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "programmatic_users" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"org_role" text NOT NULL,
	"custom_role_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_abac_configurations" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"custom_abac_id" text NOT NULL,
	"name" text NOT NULL,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "namespace_permissions" (
	"organization_id" text NOT NULL,
	"namespace_id" text,
	"stack_id" text,
	"user_id" text,
	"user_email" text,
	"programmatic_user_id" text,
	"team_id" text,
	"role" text,
	"custom_role_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "namespace_permissions_one_principal" CHECK (num_nonnulls("namespace_permissions"."user_id", "namespace_permissions"."programmatic_user_id", "namespace_permissions"."team_id") = 1),
	CONSTRAINT "namespace_permissions_one_role" CHECK (num_nonnulls("namespace_permissions"."role", "namespace_permissions"."custom_role_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "team_users" ADD CONSTRAINT "team_users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_users" ADD CONSTRAINT "team_users_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_users" ADD CONSTRAINT "team_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_roles" ADD CONSTRAINT "custom_roles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programmatic_user_tokens" ADD CONSTRAINT "programmatic_user_tokens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programmatic_user_tokens" ADD CONSTRAINT "programmatic_user_tokens_programmatic_user_id_programmatic_users_id_fk" FOREIGN KEY ("programmatic_user_id") REFERENCES "public"."programmatic_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programmatic_users" ADD CONSTRAINT "programmatic_users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programmatic_users" ADD CONSTRAINT "programmatic_users_custom_role_id_custom_roles_id_fk" FOREIGN KEY ("custom_role_id") REFERENCES "public"."custom_roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_abac_configurations" ADD CONSTRAINT "custom_abac_configurations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "namespace_permissions" ADD CONSTRAINT "namespace_permissions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "namespace_permissions" ADD CONSTRAINT "namespace_permissions_namespace_id_namespaces_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."namespaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "namespace_permissions" ADD CONSTRAINT "namespace_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "namespace_permissions" ADD CONSTRAINT "namespace_permissions_programmatic_user_id_programmatic_users_id_fk" FOREIGN KEY ("programmatic_user_id") REFERENCES "public"."programmatic_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "namespace_permissions" ADD CONSTRAINT "namespace_permissions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "namespace_permissions" ADD CONSTRAINT "namespace_permissions_custom_role_id_custom_roles_id_fk" FOREIGN KEY ("custom_role_id") REFERENCES "public"."custom_roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_users_org_user_idx" ON "team_users" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_org_name_key" ON "teams" USING btree ("organization_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_roles_org_name_key" ON "custom_roles" USING btree ("organization_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "programmatic_user_tokens_hash_key" ON "programmatic_user_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "programmatic_user_tokens_user_idx" ON "programmatic_user_tokens" USING btree ("organization_id","programmatic_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "programmatic_users_org_name_key" ON "programmatic_users" USING btree ("organization_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_abac_configurations_org_group_key" ON "custom_abac_configurations" USING btree ("organization_id","custom_abac_id");--> statement-breakpoint
CREATE UNIQUE INDEX "namespace_permissions_key" ON "namespace_permissions" USING btree ("organization_id",coalesce("namespace_id", '*'),coalesce("stack_id", ''),coalesce("user_id", ''),coalesce("programmatic_user_id", ''),coalesce("team_id", ''));--> statement-breakpoint
CREATE INDEX "namespace_permissions_org_ns_idx" ON "namespace_permissions" USING btree ("organization_id","namespace_id");