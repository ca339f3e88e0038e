CREATE TABLE "state_resources" (
	"organization_id" text NOT NULL,
	"state_version_id" text NOT NULL,
	"address" text NOT NULL,
	"ordinal" integer NOT NULL,
	"mode" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"module" text NOT NULL,
	"provider" text NOT NULL,
	"logical_resource_id" text,
	"region" text,
	CONSTRAINT "state_resources_state_version_id_address_pk" PRIMARY KEY("state_version_id","address")
);
--> statement-breakpoint
ALTER TABLE "state_resources" ADD CONSTRAINT "state_resources_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "state_resources" ADD CONSTRAINT "state_resources_state_version_id_state_versions_id_fk" FOREIGN KEY ("state_version_id") REFERENCES "public"."state_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "state_resources_type" ON "state_resources" USING btree ("state_version_id","type");