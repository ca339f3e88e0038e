CREATE TABLE "run_log_chunks" (
	"run_id" text NOT NULL,
	"offset" bigint NOT NULL,
	"organization_id" text NOT NULL,
	"job_id" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "run_log_chunks_run_id_offset_pk" PRIMARY KEY("run_id","offset")
);
--> statement-breakpoint
CREATE TABLE "run_logs" (
	"run_id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"sealed" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "runner_group_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"group_id" text NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "runner_groups" (
	"id" text NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"mode" text NOT NULL,
	"max_concurrency" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "runner_groups_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "runner_job_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"job_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"run_id" text NOT NULL,
	"stack_id" text NOT NULL,
	"phase" text NOT NULL,
	"runner_id" text NOT NULL,
	"log_base" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "runners" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"group_id" text NOT NULL,
	"name" text NOT NULL,
	"version" text,
	"token_hash" text NOT NULL,
	"health" text DEFAULT 'ok' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"group_token_id" text
);
--> statement-breakpoint
ALTER TABLE "run_log_chunks" ADD CONSTRAINT "run_log_chunks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_logs" ADD CONSTRAINT "run_logs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runner_group_tokens" ADD CONSTRAINT "runner_group_tokens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runner_groups" ADD CONSTRAINT "runner_groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runner_job_tokens" ADD CONSTRAINT "runner_job_tokens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runners" ADD CONSTRAINT "runners_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "runner_group_tokens_hash_key" ON "runner_group_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "runner_group_tokens_group_idx" ON "runner_group_tokens" USING btree ("organization_id","group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "runner_groups_org_name_key" ON "runner_groups" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "runner_job_tokens_job_idx" ON "runner_job_tokens" USING btree ("job_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "runners_token_hash_key" ON "runners" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "runners_group_idx" ON "runners" USING btree ("organization_id","group_id","last_heartbeat_at");