CREATE TABLE "variables" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scope" text NOT NULL,
	"scope_id" text,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"value" text,
	"sealed_value" text,
	"display_name" text,
	"description" text,
	"is_sensitive" boolean DEFAULT false NOT NULL,
	"is_overridable" boolean DEFAULT true NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"value_conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"blueprint_managed_by" text,
	"created_by" text,
	CONSTRAINT "variables_scope_key" UNIQUE NULLS NOT DISTINCT("organization_id","scope","scope_id","type","key")
);
--> statement-breakpoint
ALTER TABLE "variables" ADD CONSTRAINT "variables_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "variables_org_key_idx" ON "variables" USING btree ("organization_id","key");