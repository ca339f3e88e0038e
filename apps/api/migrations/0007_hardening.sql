CREATE TABLE "auth_throttles" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "auth_throttles_window_idx" ON "auth_throttles" USING btree ("window_ends_at");--> statement-breakpoint
-- Grants created twice by concurrent requests before the constraint below existed: keep the oldest.
DELETE FROM "namespace_permissions" a USING "namespace_permissions" b
WHERE a."organization_id" = b."organization_id" AND a."principal_type" = b."principal_type" AND a."principal_id" = b."principal_id"
  AND a."namespace_id" IS NOT DISTINCT FROM b."namespace_id" AND a."stack_id" IS NOT DISTINCT FROM b."stack_id"
  AND (a."created_at", a."id") > (b."created_at", b."id");--> statement-breakpoint
ALTER TABLE "namespace_permissions" ADD CONSTRAINT "namespace_permissions_key" UNIQUE NULLS NOT DISTINCT("organization_id","principal_type","principal_id","namespace_id","stack_id");