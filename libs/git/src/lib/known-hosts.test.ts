import { describe, expect, it } from 'vitest';
import { knownHostsProblem, wellKnownSshHosts } from './known-hosts';

describe('known hosts', () => {
  it('ships valid lines for the hosted services', () => {
    expect(knownHostsProblem(wellKnownSshHosts)).toBeNull();
    for (const host of ['github.com', 'gitlab.com', 'bitbucket.org', 'ssh.dev.azure.com']) expect(wellKnownSshHosts).toContain(host);
  });

  it('accepts what ssh-keyscan prints, with comments, markers and ports', () => {
    expect(
      knownHostsProblem(
        '# git.acme.test:22 SSH-2.0-OpenSSH_9.2\n[git.acme.test]:2222 ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAfuCHKVTjquxvt6CM6tdG4SLp1Btn/nOeHHE5UOzRdf\n\n@cert-authority *.acme.test ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAfuCHKVTjquxvt6CM6tdG4SLp1Btn/nOeHHE5UOzRdf ca\n',
      ),
    ).toBeNull();
  });

  it.each([
    ['git.acme.test', { line: 1, reason: 'expected hosts, key type and key' }],
    ['ok ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAfuCHKVTjquxvt6CM6tdG4SLp1Btn/nOeHHE5UOzRdf\ngit.acme.test rsa AAAA', { line: 2, reason: "'rsa' is not an SSH key type" }],
    ['git.acme.test ssh-ed25519 not*base64', { line: 1, reason: 'the key is not base64' }],
  ])('names the first line that is not a known host: %j', (text, problem) => {
    expect(knownHostsProblem(text)).toEqual(problem);
  });
});
