import type { GitSigningKey, SshKey, VcsProvider } from './vcs.types';

/** Wire-format objects for tests and stories. */
export const vcsFixtures = {
  provider: (overrides: Partial<VcsProvider> = {}): VcsProvider => ({
    id: 'vcsp-github01',
    type: 'github',
    name: 'Acme GitHub',
    authType: 'token',
    gitCloneType: 'http',
    githubMetadata: { orgName: 'acme' },
    createdAt: '2026-01-10T09:00:00Z',
    ...overrides,
  }),
  sshKey: (overrides: Partial<SshKey> = {}): SshKey => ({
    id: 'sshk-deploy01',
    name: 'deploy',
    isPrimary: true,
    fingerprint: 'SHA256:3b8Kk1nPzC7mQm0uZ0b2yXh3fJ6uUu7xvY0p6bqYt2E',
    publicKey: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIF1q8yq2pZb9Gf0w4kTnQd3kJp9zL4qv9qV2m2WcR7sT terrace',
    createdAt: '2026-01-12T09:00:00Z',
    ...overrides,
  }),
  gitSigningKey: (overrides: Partial<GitSigningKey> = {}): GitSigningKey => ({
    id: 'gsk-bot01',
    name: 'terrace-bot',
    type: 'ssh',
    isPrimary: true,
    fingerprint: 'SHA256:Qm9p3b7y0kZ3Jm5xF2pL8sR1tV4wN6cE9hA0dG2uK7o',
    publicKey: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIH7n2k9Lq3Zp0Xw8Yv6Tb5Rc4Sd3Fe2Gh1Ij0Kl9Mn8 bot',
    committerName: 'Terrace bot',
    committerEmail: 'bot@acme.test',
    createdAt: '2026-01-15T09:00:00Z',
    ...overrides,
  }),
};
