import type { components } from '@terrace/api-client';

type Schemas = components['schemas'];

export type AutomationOverview = Schemas['AutomationOverview'];
export type GettingStarted = Schemas['GettingStarted'];
export type StacksOverview = Schemas['StacksOverview'];
export type StackOverviewItem = Schemas['StackOverviewItem'];
export type OverviewCount = Schemas['OverviewCount'];
export type AuditEvent = Schemas['AuditEvent'];
