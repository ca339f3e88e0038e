CREATE TABLE "vcs_providers" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"auth_type" text,
	"git_clone_type" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"credentials" text NOT NULL,
	"webhook_secret" text,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "ssh_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"signing_type" text,
	"public_key" text,
	"fingerprint" text,
	"private_key" text NOT NULL,
	"passphrase" text,
	"committer_name" text,
	"committer_email" text,
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_by" text
);
--> statement-breakpoint
ALTER TABLE "vcs_providers" ADD CONSTRAINT "vcs_providers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssh_keys" ADD CONSTRAINT "ssh_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vcs_providers_org_name_key" ON "vcs_providers" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "vcs_providers_org_id_idx" ON "vcs_providers" USING btree ("organization_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ssh_keys_org_kind_name_key" ON "ssh_keys" USING btree ("organization_id","kind","name");--> statement-breakpoint
CREATE UNIQUE INDEX "ssh_keys_org_kind_primary_key" ON "ssh_keys" USING btree ("organization_id","kind") WHERE "ssh_keys"."is_primary";