CREATE TABLE "run_approvals" (
	"run_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"decision" text NOT NULL,
	"teams" text[] DEFAULT '{}'::text[] NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "run_approvals_run_id_user_id_decision_pk" PRIMARY KEY("run_id","user_id","decision")
);
--> statement-breakpoint
CREATE TABLE "run_artifacts" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"run_id" text NOT NULL,
	"kind" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "run_comments" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"run_id" text NOT NULL,
	"text" text NOT NULL,
	"author" text NOT NULL,
	"author_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "run_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"run_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"stack_id" text NOT NULL,
	"runner_group_id" text DEFAULT 'CM_DEFAULT_RUNNER_GROUP' NOT NULL,
	"phase" text NOT NULL,
	"status" text NOT NULL,
	"priority" smallint NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"runner_id" text,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"lease_expires_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"signal" text DEFAULT 'none' NOT NULL,
	"exit_code" integer,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "run_steps" (
	"run_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"key" text NOT NULL,
	"position" smallint NOT NULL,
	"status" text DEFAULT 'notStarted' NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"result" jsonb,
	CONSTRAINT "run_steps_run_id_key_pk" PRIMARY KEY("run_id","key")
);
--> statement-breakpoint
CREATE TABLE "run_transitions" (
	"run_id" text NOT NULL,
	"seq" integer NOT NULL,
	"organization_id" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"event" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "run_transitions_run_id_seq_pk" PRIMARY KEY("run_id","seq")
);
--> statement-breakpoint
CREATE TABLE "runs" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"namespace_id" text NOT NULL,
	"stack_id" text NOT NULL,
	"stack_created_by" text,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"phase" text DEFAULT 'none' NOT NULL,
	"is_active" boolean GENERATED ALWAYS AS (status in ('notStarted', 'queued', 'inProgress', 'waitingForApproval', 'approved', 'cancelling', 'waitingForFailedControlPoliciesApproval', 'waitingForErrorControlPoliciesApproval', 'approvedFailedControlPolicies')) STORED NOT NULL,
	"mutating" boolean NOT NULL,
	"priority" smallint NOT NULL,
	"trigger" text DEFAULT 'manual' NOT NULL,
	"initiator" jsonb NOT NULL,
	"git_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"trigger_info" jsonb,
	"iac_type" text NOT NULL,
	"iac_version" text,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"blocked_by" jsonb,
	"upstream_run_id" text,
	"superseded_by_run_id" text,
	"plan_summary" jsonb,
	"policy_summary" jsonb,
	"approval" jsonb,
	"approval_deadline_at" timestamp with time zone,
	"error_summary" text,
	"cancel_requested_at" timestamp with time zone,
	"cancel_requested_by" text,
	"transition_count" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stacks" ADD COLUMN "active_run_id" text;--> statement-breakpoint
ALTER TABLE "run_approvals" ADD CONSTRAINT "run_approvals_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_approvals" ADD CONSTRAINT "run_approvals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_artifacts" ADD CONSTRAINT "run_artifacts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_artifacts" ADD CONSTRAINT "run_artifacts_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_comments" ADD CONSTRAINT "run_comments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_comments" ADD CONSTRAINT "run_comments_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_jobs" ADD CONSTRAINT "run_jobs_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_jobs" ADD CONSTRAINT "run_jobs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_steps" ADD CONSTRAINT "run_steps_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_steps" ADD CONSTRAINT "run_steps_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_transitions" ADD CONSTRAINT "run_transitions_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_transitions" ADD CONSTRAINT "run_transitions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runs" ADD CONSTRAINT "runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "run_artifacts_run_kind_key" ON "run_artifacts" USING btree ("run_id","kind");--> statement-breakpoint
CREATE INDEX "run_comments_run_idx" ON "run_comments" USING btree ("run_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "run_jobs_live_key" ON "run_jobs" USING btree ("run_id") WHERE status in ('queued', 'claimed', 'running');--> statement-breakpoint
CREATE INDEX "run_jobs_claim_idx" ON "run_jobs" USING btree ("runner_group_id","priority","queued_at") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "run_jobs_lease_idx" ON "run_jobs" USING btree ("lease_expires_at") WHERE status in ('claimed', 'running');--> statement-breakpoint
CREATE INDEX "run_jobs_run_idx" ON "run_jobs" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "runs_org_stack_kind_created_idx" ON "runs" USING btree ("organization_id","stack_id","kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "runs_org_stack_created_idx" ON "runs" USING btree ("organization_id","stack_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "runs_org_created_idx" ON "runs" USING btree ("organization_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "runs_org_active_idx" ON "runs" USING btree ("organization_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE is_active;--> statement-breakpoint
CREATE INDEX "runs_org_finished_idx" ON "runs" USING btree ("organization_id","finished_at" DESC NULLS LAST) WHERE not is_active;--> statement-breakpoint
CREATE INDEX "runs_stack_waiting_idx" ON "runs" USING btree ("stack_id","priority","created_at") WHERE status = 'notStarted' and mutating;--> statement-breakpoint
CREATE INDEX "runs_approval_deadline_idx" ON "runs" USING btree ("approval_deadline_at") WHERE status in ('waitingForApproval', 'waitingForFailedControlPoliciesApproval', 'waitingForErrorControlPoliciesApproval');