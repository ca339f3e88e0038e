// Every module's tables, for Drizzle's query builder and drizzle-kit's migration generator.
export * from '../modules/accounts/accounts.schema';
export * from '../modules/accounts/personal-access-tokens.schema';
export * from '../modules/organization/organization.schema';
export * from '../modules/namespaces/namespaces.schema';
export * from '../modules/stacks/stacks.schema';
export * from '../modules/audit/audit.schema';
export * from '../modules/console-events/console-events.schema';
export * from '../modules/runners/runners.schema';
export * from '../modules/sso/sso.schema';
export * from '../modules/mail/mail.schema';
export * from '../modules/invitations/invitations.schema';
export * from '../modules/iam/iam.schema';
export * from '../modules/accounts/throttle.schema';
export * from '../modules/vcs/vcs.schema';
export * from '../modules/ssh-keys/ssh-keys.schema';
export * from '../modules/variables/variables.schema';
