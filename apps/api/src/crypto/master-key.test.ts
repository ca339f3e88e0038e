import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMasterKey } from './master-key';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('loadMasterKey', () => {
  it('generates the key once into master.key with mode 0600 and reuses it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mk-'));
    dirs.push(dir);
    const first = await loadMasterKey(undefined, dir);
    expect(first).toHaveLength(32);
    expect((await stat(join(dir, 'master.key'))).mode & 0o777).toBe(0o600);
    expect(await loadMasterKey(undefined, dir)).toEqual(first);
    expect((await readFile(join(dir, 'master.key'), 'utf8')).trim()).toBe(first.toString('base64'));
  });

  it('prefers the configured key (hex or base64)', async () => {
    const hex = 'cd'.repeat(32);
    expect((await loadMasterKey(hex, '/nonexistent')).toString('hex')).toBe(hex);
    const b64 = Buffer.alloc(32, 7).toString('base64');
    expect(await loadMasterKey(b64, '/nonexistent')).toEqual(Buffer.alloc(32, 7));
  });
});
