import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../audit/audit.schema';
import { addMember, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { sshKeys } from './ssh-keys.schema';

const exec = promisify(execFile);

type Key = { id: string; name: string; isPrimary: boolean; publicKey?: string; fingerprint?: string } & Record<string, unknown>;

let api: TestApi;
let admin: SignedUp;
let scratch: string;

/** A real ed25519 key made by ssh-keygen: the private key and what ssh-keygen says its public key is. */
async function sshKeyPair(name: string): Promise<{ privateKey: string; publicKey: string }> {
  const file = join(scratch, name);
  await exec('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', name, '-f', file]);
  return { privateKey: await readFile(file, 'utf8'), publicKey: (await readFile(`${file}.pub`, 'utf8')).trim() };
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'terrace-keys-test-'));
  api = await createTestApi({ poolSize: 10 });
  admin = await signUpOrganization(api, 'keys');
});
afterAll(async () => {
  await api.close();
  await rm(scratch, { recursive: true, force: true });
});

async function createSshKey(who: SignedUp, name: string): Promise<Key> {
  const { privateKey } = await sshKeyPair(`${name}-${Math.random().toString(36).slice(2)}`);
  const res = await api.call<Key>('createSshKey', { token: who.token, entity: { name, privateKey } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response.items[0] as Key;
}

describe('SSH keys', () => {
  it('stores the private key encrypted and shows only the public key and fingerprint', async () => {
    const org = await signUpOrganization(api, 'keys-shape');
    const pair = await sshKeyPair('shape');
    const res = await api.call<Key>('createSshKey', { token: org.token, entity: { name: 'deploy', privateKey: pair.privateKey } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const key = res.body.response.items[0] as Key;
    expect(key).toMatchObject({ name: 'deploy', isPrimary: true, publicKey: pair.publicKey, fingerprint: expect.stringMatching(/^SHA256:/) });
    const body = pair.privateKey.split('\n')[1] as string;
    const listed = await api.call('listSshKeys', { token: org.token });
    const renamed = await api.call('updateSshKey', { token: org.token, params: { keyId: key.id }, entity: { name: 'deploy-2' } });
    expect(renamed.body.response.items[0]).toMatchObject({ name: 'deploy-2', publicKey: pair.publicKey });
    const [row] = await api.database.db.select().from(sshKeys).where(eq(sshKeys.id, key.id));
    const audit = await api.database.db.select().from(auditEvents).where(eq(auditEvents.organizationId, org.organizationId));
    for (const text of [JSON.stringify(res.body), JSON.stringify(listed.body), JSON.stringify(renamed.body), JSON.stringify(row), JSON.stringify(audit)]) {
      expect(text).not.toContain(body);
    }
    expect(audit.filter((a) => a.entityType === 'sshKey').map((a) => a.action).sort()).toEqual(['create', 'update']);
  });

  it('refuses what is not a private key, blank and duplicate names', async () => {
    const bad = await api.call('createSshKey', { token: admin.token, entity: { name: 'bad', privateKey: 'not a key' } });
    expect(bad.status).toBe(400);
    expect(bad.body.response.errors[0]).toMatchObject({ code: 'validation_error', field: 'entity.privateKey' });
    const key = await createSshKey(admin, 'unique-name');
    const { privateKey } = await sshKeyPair('dup');
    const dup = await api.call('createSshKey', { token: admin.token, entity: { name: key.name, privateKey } });
    expect(dup.status).toBe(409);
    expect(dup.body.response.errors[0]).toMatchObject({ code: 'already_exist', field: 'entity.name' });
    const blank = await api.call('updateSshKey', { token: admin.token, params: { keyId: key.id }, entity: { name: '  ' } });
    expect(blank.status).toBe(400);
  });

  it('keeps exactly one primary key: the first, then the one set, then another when it is deleted', async () => {
    const org = await signUpOrganization(api, 'keys-primary');
    const a = await createSshKey(org, 'a');
    const b = await createSshKey(org, 'b');
    expect([a.isPrimary, b.isPrimary]).toEqual([true, false]);
    const set = await api.call<Key>('setPrimarySshKey', { token: org.token, params: { keyId: b.id } });
    expect(set.body.response.items[0]?.isPrimary).toBe(true);
    const listed = await api.call<Key>('listSshKeys', { token: org.token });
    expect(listed.body.response.items.map((k) => [k.name, k.isPrimary])).toEqual([
      ['a', false],
      ['b', true],
    ]);
    await api.call('deleteSshKey', { token: org.token, params: { keyId: b.id } });
    const after = await api.call<Key>('listSshKeys', { token: org.token });
    expect(after.body.response.items.map((k) => [k.name, k.isPrimary])).toEqual([['a', true]]);
  });

  it('keeps one primary key when set-primary requests race', async () => {
    const org = await signUpOrganization(api, 'keys-race');
    const keys: Key[] = [];
    for (const name of ['k1', 'k2', 'k3', 'k4', 'k5']) keys.push(await createSshKey(org, name));
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(keys.map((k) => api.call('setPrimarySshKey', { token: org.token, params: { keyId: k.id } })));
      for (const res of answers) expect([200, 409], JSON.stringify(res.body)).toContain(res.status);
      const primaries = await api.database.db
        .select()
        .from(sshKeys)
        .where(and(eq(sshKeys.organizationId, org.organizationId), eq(sshKeys.kind, 'ssh'), eq(sshKeys.isPrimary, true)));
      expect(primaries.length).toBe(1);
    }
  }, 60_000);

  it('makes one first key primary when two are created at once', async () => {
    const org = await signUpOrganization(api, 'keys-first');
    const pairs = await Promise.all(['x', 'y', 'z'].map((n) => sshKeyPair(`first-${n}-${Math.random().toString(36).slice(2)}`)));
    const answers = await Promise.all(
      pairs.map((p, i) => api.call<Key>('createSshKey', { token: org.token, entity: { name: `first-${i}`, privateKey: p.privateKey } })),
    );
    for (const res of answers) expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(answers.filter((r) => r.body.response.items[0]?.isPrimary).length).toBe(1);
  });

  it('answers not_found for another organization’s key and lets a viewer read but not change', async () => {
    const other = await signUpOrganization(api, 'keys-other');
    const theirs = await createSshKey(other, 'theirs');
    for (const call of [
      api.call('updateSshKey', { token: admin.token, params: { keyId: theirs.id }, entity: { name: 'mine' } }),
      api.call('deleteSshKey', { token: admin.token, params: { keyId: theirs.id } }),
      api.call('setPrimarySshKey', { token: admin.token, params: { keyId: theirs.id } }),
    ]) {
      expect((await call).status).toBe(404);
    }
    expect((await api.call('listSshKeys', { token: admin.token, query: { keyId: theirs.id } })).body.response.items).toEqual([]);
    const viewer = await addMember(api, admin.organizationId, 'viewer');
    expect((await api.call('listSshKeys', { token: viewer.token })).status).toBe(200);
    const { privateKey } = await sshKeyPair('viewer');
    expect((await api.call('createSshKey', { token: viewer.token, entity: { name: 'v', privateKey } })).status).toBe(403);
    // Members read what stacks need (the shared access model), and change nothing here.
    const member = await addMember(api, admin.organizationId, 'member');
    expect((await api.call('listSshKeys', { token: member.token })).status).toBe(200);
    expect((await api.call('setPrimarySshKey', { token: member.token, params: { keyId: theirs.id } })).status).toBe(403);
  });
});

describe('git signing keys', () => {
  it('reads a GPG key’s fingerprint and public key, and an SSH signing key’s, with one primary per kind', async () => {
    const org = await signUpOrganization(api, 'signing');
    const home = await mkdtemp(join(scratch, 'gnupg-'));
    const env = { ...process.env, GNUPGHOME: home };
    await exec('gpg', ['--batch', '--passphrase', '', '--quick-gen-key', 'Terrace Bot <bot@example.test>', 'ed25519', 'sign', 'never'], { env });
    const { stdout: armored } = await exec('gpg', ['--batch', '--pinentry-mode', 'loopback', '--passphrase', '', '--armor', '--export-secret-keys'], { env });
    const { stdout: listing } = await exec('gpg', ['--batch', '--with-colons', '--list-keys'], { env });
    await exec('gpgconf', ['--kill', 'all'], { env }).catch(() => undefined);
    const fingerprint = /^fpr:(?:[^:]*:){8}([0-9A-F]+):/m.exec(listing)?.[1];

    const gpg = await api.call<Key>('createGitSigningKey', {
      token: org.token,
      entity: { name: 'bot', type: 'gpg', privateKey: armored, committerName: 'Terrace Bot', committerEmail: 'bot@example.test' },
    });
    expect(gpg.status, JSON.stringify(gpg.body)).toBe(200);
    expect(gpg.body.response.items[0]).toMatchObject({ type: 'gpg', fingerprint, isPrimary: true, committerEmail: 'bot@example.test' });
    expect(gpg.body.response.items[0]?.publicKey).toContain('BEGIN PGP PUBLIC KEY BLOCK');
    expect(JSON.stringify(gpg.body)).not.toContain('PRIVATE KEY');

    const pair = await sshKeyPair('signing');
    const ssh = await api.call<Key>('createGitSigningKey', { token: org.token, entity: { name: 'ssh-signer', type: 'ssh', privateKey: pair.privateKey } });
    expect(ssh.body.response.items[0]).toMatchObject({ type: 'ssh', publicKey: pair.publicKey, isPrimary: false });
    // SSH keys and signing keys each have their own primary.
    const deploy = await createSshKey(org, 'deploy');
    expect(deploy.isPrimary).toBe(true);
    const id = (ssh.body.response.items[0] as Key).id;
    expect((await api.call<Key>('setPrimaryGitSigningKey', { token: org.token, params: { keyId: id } })).body.response.items[0]?.isPrimary).toBe(true);
    const signing = await api.call<Key>('listGitSigningKeys', { token: org.token });
    expect(signing.body.response.items.map((k) => [k.name, k.isPrimary])).toEqual([
      ['bot', false],
      ['ssh-signer', true],
    ]);
    // An SSH key id is not a signing key.
    expect((await api.call('deleteGitSigningKey', { token: org.token, params: { keyId: deploy.id } })).status).toBe(404);
  });
});
