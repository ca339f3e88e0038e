CREATE TABLE "identity_providers" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"type" text NOT NULL,
	"email_domains" text[] NOT NULL,
	"default_role" text DEFAULT 'member' NOT NULL,
	"oidc" jsonb,
	"oidc_client_secret" text,
	"saml" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_providers_organization_key" UNIQUE("organization_id")
);
--> statement-breakpoint
CREATE TABLE "sso_login_requests" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"type" text NOT NULL,
	"nonce" text,
	"code_verifier" text,
	"saml_request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sso_potential_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"teams" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"signed_in_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sso_saml_assertions" (
	"organization_id" text NOT NULL,
	"assertion_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_saml_assertions_organization_id_assertion_id_pk" PRIMARY KEY("organization_id","assertion_id")
);
--> statement-breakpoint
CREATE TABLE "sso_session_origins" (
	"session_id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"potential_session_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_providers" ADD CONSTRAINT "identity_providers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_login_requests" ADD CONSTRAINT "sso_login_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_potential_sessions" ADD CONSTRAINT "sso_potential_sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_potential_sessions" ADD CONSTRAINT "sso_potential_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_saml_assertions" ADD CONSTRAINT "sso_saml_assertions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_session_origins" ADD CONSTRAINT "sso_session_origins_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_session_origins" ADD CONSTRAINT "sso_session_origins_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_session_origins" ADD CONSTRAINT "sso_session_origins_potential_session_id_sso_potential_sessions_id_fk" FOREIGN KEY ("potential_session_id") REFERENCES "public"."sso_potential_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_providers_email_domains_idx" ON "identity_providers" USING gin ("email_domains");--> statement-breakpoint
CREATE INDEX "sso_login_requests_expires_idx" ON "sso_login_requests" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sso_potential_sessions_user_idx" ON "sso_potential_sessions" USING btree ("user_id","created_at");