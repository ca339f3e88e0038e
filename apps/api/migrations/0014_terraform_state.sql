CREATE TABLE "stack_states" (
	"organization_id" text NOT NULL,
	"stack_id" text NOT NULL,
	"current_version_id" text,
	"serial" bigint,
	"lineage" text,
	"sha256" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stack_states_organization_id_stack_id_pk" PRIMARY KEY("organization_id","stack_id")
);
--> statement-breakpoint
CREATE TABLE "state_locks" (
	"organization_id" text NOT NULL,
	"stack_id" text NOT NULL,
	"lock_id" text NOT NULL,
	"info" text NOT NULL,
	"holder_kind" text NOT NULL,
	"holder_id" text NOT NULL,
	"holder_name" text NOT NULL,
	"acquired_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "state_locks_organization_id_stack_id_pk" PRIMARY KEY("organization_id","stack_id")
);
--> statement-breakpoint
CREATE TABLE "state_outputs" (
	"organization_id" text NOT NULL,
	"state_version_id" text NOT NULL,
	"name" text NOT NULL,
	"sensitive" boolean NOT NULL,
	"type" text,
	"value" text,
	"sealed_value" text,
	CONSTRAINT "state_outputs_state_version_id_name_pk" PRIMARY KEY("state_version_id","name")
);
--> statement-breakpoint
CREATE TABLE "state_version_contents" (
	"state_version_id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"sealed" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "state_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stack_id" text NOT NULL,
	"serial" bigint NOT NULL,
	"lineage" text NOT NULL,
	"md5" text NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"terraform_version" text,
	"resource_count" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"rolled_back_from" text,
	"created_by_kind" text NOT NULL,
	"created_by_id" text NOT NULL,
	"created_by_name" text NOT NULL,
	"run_id" text,
	"seq" bigserial NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terraform_login_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"user_id" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"code_challenge" text NOT NULL,
	"token_name" text NOT NULL,
	"expires_in_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stack_states" ADD CONSTRAINT "stack_states_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "state_locks" ADD CONSTRAINT "state_locks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "state_outputs" ADD CONSTRAINT "state_outputs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "state_outputs" ADD CONSTRAINT "state_outputs_state_version_id_state_versions_id_fk" FOREIGN KEY ("state_version_id") REFERENCES "public"."state_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "state_version_contents" ADD CONSTRAINT "state_version_contents_state_version_id_state_versions_id_fk" FOREIGN KEY ("state_version_id") REFERENCES "public"."state_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "state_version_contents" ADD CONSTRAINT "state_version_contents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "state_versions" ADD CONSTRAINT "state_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terraform_login_codes" ADD CONSTRAINT "terraform_login_codes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terraform_login_codes" ADD CONSTRAINT "terraform_login_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "state_locks_org_holder_idx" ON "state_locks" USING btree ("organization_id","holder_kind","holder_id");--> statement-breakpoint
CREATE INDEX "state_versions_org_stack_seq_idx" ON "state_versions" USING btree ("organization_id","stack_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "state_versions_one_current_key" ON "state_versions" USING btree ("organization_id","stack_id") WHERE "state_versions"."status" = 'current';