export const sessionKeys = {
  all: ['session'] as const,
  user: () => [...sessionKeys.all, 'user'] as const,
  role: () => [...sessionKeys.all, 'role'] as const,
  capabilities: () => [...sessionKeys.all, 'capabilities'] as const,
  allowedOrganizations: () => [...sessionKeys.all, 'allowedOrganizations'] as const,
  organizationHasUsers: () => [...sessionKeys.all, 'organizationHasUsers'] as const,
  signInSettings: () => [...sessionKeys.all, 'signInSettings'] as const,
  ssoPotentialSessions: () => [...sessionKeys.all, 'ssoPotentialSessions'] as const,
  notifications: () => [...sessionKeys.all, 'notifications'] as const,
  aiFeatures: () => [...sessionKeys.all, 'aiFeatures'] as const,
};
