import { describe, expect, it } from 'vitest';
import { vcsKeys } from './vcs.keys';

describe('vcsKeys', () => {
  it('nests a provider’s repositories, branches, trees and webhooks under the provider', () => {
    const provider = vcsKeys.provider('vcsp-1');
    for (const key of [
      vcsKeys.repos('vcsp-1', { repoName: 'inf' }),
      vcsKeys.branches('vcsp-1', 'infra'),
      vcsKeys.tree('vcsp-1', { repoName: 'infra', branch: 'main', path: 'envs' }),
      vcsKeys.webhook('vcsp-1', 'gitlab'),
    ]) {
      expect(key.slice(0, provider.length)).toEqual(provider);
    }
    expect(provider.slice(0, vcsKeys.providers().length)).toEqual(vcsKeys.providers());
    expect(vcsKeys.providerList().slice(0, 2)).toEqual(vcsKeys.providers());
  });
  it('keeps SSH keys and signing keys apart from providers', () => {
    expect(vcsKeys.sshKeys()).toEqual(['vcs', 'sshKey']);
    expect(vcsKeys.gitSigningKeys()).toEqual(['vcs', 'gitSigningKey']);
  });
});
