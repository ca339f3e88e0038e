import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const keyBytes = 32;

function decodeKey(text: string, source: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== keyBytes) throw new Error(`${source}: the master key must be ${keyBytes} bytes`);
  return key;
}

/**
 * The key that wraps every data key. From TERRACE_MASTER_KEY when set (production), otherwise
 * generated once into <dataDir>/master.key with mode 0600, so the embedded default keeps
 * working across restarts without any setup.
 */
export async function loadMasterKey(configured: string | undefined, dataDir: string): Promise<Buffer> {
  if (configured) return decodeKey(configured, 'TERRACE_MASTER_KEY');
  const file = join(dataDir, 'master.key');
  try {
    return decodeKey(await readFile(file, 'utf8'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const key = randomBytes(keyBytes);
  // 'wx' fails if another process created the file meanwhile; then its key wins.
  try {
    await writeFile(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return decodeKey(await readFile(file, 'utf8'), file);
    throw error;
  }
  await chmod(file, 0o600);
  return key;
}
