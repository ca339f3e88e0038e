CREATE TABLE "vcs_pull_request_comments" (
	"run_id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"stack_id" text NOT NULL,
	"repo_name" text NOT NULL,
	"pull_request" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"comment_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vcs_webhook_deliveries" (
	"provider_id" text NOT NULL,
	"delivery_key" text NOT NULL,
	"organization_id" text NOT NULL,
	"event" text NOT NULL,
	"run_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vcs_webhook_deliveries_provider_id_delivery_key_pk" PRIMARY KEY("provider_id","delivery_key")
);
--> statement-breakpoint
ALTER TABLE "vcs_pull_request_comments" ADD CONSTRAINT "vcs_pull_request_comments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vcs_pull_request_comments" ADD CONSTRAINT "vcs_pull_request_comments_provider_id_vcs_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."vcs_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vcs_webhook_deliveries" ADD CONSTRAINT "vcs_webhook_deliveries_provider_id_vcs_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."vcs_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vcs_webhook_deliveries" ADD CONSTRAINT "vcs_webhook_deliveries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vcs_pr_comments_thread_idx" ON "vcs_pull_request_comments" USING btree ("organization_id","provider_id","repo_name","pull_request","stack_id","created_at");--> statement-breakpoint
CREATE INDEX "vcs_pr_comments_pending_idx" ON "vcs_pull_request_comments" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "vcs_webhook_deliveries_received_idx" ON "vcs_webhook_deliveries" USING btree ("created_at");