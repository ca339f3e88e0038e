import { spawn, type ChildProcess } from 'node:child_process';
import type { JobSink } from './job-spec';
import type { SecretMasker } from './secret-masker';

/** The job was canceled (SIGINT) or force-canceled (SIGKILL) by the user. */
export class JobCanceled extends Error {
  constructor(readonly forced: boolean) {
    super(forced ? 'The run was force-canceled' : 'The run was canceled');
    this.name = 'JobCanceled';
  }
}

/**
 * Cancellation of a job's processes. Each command runs in its own process group (detached), so a
 * signal reaches terraform and the providers and hooks it started: cancel sends SIGINT (terraform
 * stops gracefully, writes its state and releases the lock), force sends SIGKILL.
 */
export class JobControl {
  private cancelRequested = false;
  private forceRequested = false;
  private readonly running = new Set<ChildProcess>();

  get canceled(): boolean {
    return this.cancelRequested || this.forceRequested;
  }

  get forced(): boolean {
    return this.forceRequested;
  }

  cancel(): void {
    if (this.cancelRequested || this.forceRequested) return;
    this.cancelRequested = true;
    for (const child of this.running) signalGroup(child, 'SIGINT');
  }

  force(): void {
    if (this.forceRequested) return;
    this.forceRequested = true;
    for (const child of this.running) signalGroup(child, 'SIGKILL');
  }

  /** Stops before starting something new when the job was canceled. */
  throwIfCanceled(): void {
    if (this.canceled) throw new JobCanceled(this.forceRequested);
  }

  attach(child: ChildProcess): void {
    this.running.add(child);
    if (this.forceRequested) signalGroup(child, 'SIGKILL');
    else if (this.cancelRequested) signalGroup(child, 'SIGINT');
  }

  detach(child: ChildProcess): void {
    this.running.delete(child);
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

/**
 * The job's log: every byte goes through the secret masker, then to the sink, in order; a sink
 * that returns a promise slows the producers down (their streams pause until it resolves).
 */
export class JobLog {
  private chain: Promise<void> = Promise.resolve();
  private failure: unknown = null;

  constructor(
    private readonly sink: JobSink,
    readonly masker: SecretMasker,
  ) {}

  write(bytes: Uint8Array): Promise<void> {
    const masked = this.masker.write(bytes);
    return this.send(masked);
  }

  /** A line of the runner's own (step headers, messages), ANSI allowed. */
  line(text: string): Promise<void> {
    return this.write(Buffer.from(`${text}\n`));
  }

  /** Sends what the masker held back (end of a command's output). */
  flushMasker(): Promise<void> {
    return this.send(this.masker.end());
  }

  async drain(): Promise<void> {
    await this.flushMasker();
    await this.chain;
    if (this.failure) throw this.failure;
  }

  private send(bytes: Buffer): Promise<void> {
    if (bytes.length === 0) return this.chain;
    this.chain = this.chain.then(async () => {
      if (this.failure) return;
      try {
        await this.sink.log(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length));
      } catch (error) {
        this.failure = error;
      }
    });
    return this.chain;
  }
}

export interface RunCommandOptions {
  cwd: string;
  env: Record<string, string>;
  log: JobLog;
  control: JobControl;
  /** Keep stdout out of the log and return it (show -json, output -json). */
  captureStdout?: boolean;
  /** Upper bound of captured stdout. */
  maxCaptureBytes?: number;
}

export interface CommandOutcome {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  /** The end of what the command printed (masked, ANSI kept), for step results. */
  tail: string;
  /** The command could not be started (binary missing, not executable). */
  startError?: string;
}

const tailBytes = 16 * 1024;

/**
 * Runs one command with an argument array (never a shell), in its own process group, with exactly
 * the given environment. Output streams to the job log as it comes.
 */
export function runCommand(binary: string, args: readonly string[], options: RunCommandOptions): Promise<CommandOutcome> {
  options.control.throwIfCanceled();
  return new Promise((resolve) => {
    const child = spawn(binary, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: false,
      detached: true,
    });
    options.control.attach(child);
    const captured: Buffer[] = [];
    let capturedBytes = 0;
    let tail = Buffer.alloc(0);
    const keepTail = (chunk: Buffer) => {
      tail = Buffer.concat([tail, chunk]);
      if (tail.length > tailBytes * 2) tail = tail.subarray(tail.length - tailBytes);
    };
    const pipe = (stream: NodeJS.ReadableStream & { pause(): void; resume(): void }) => {
      stream.on('data', (chunk: Buffer) => {
        keepTail(chunk);
        stream.pause();
        void options.log.write(chunk).then(() => stream.resume());
      });
    };
    if (options.captureStdout) {
      child.stdout?.on('data', (chunk: Buffer) => {
        capturedBytes += chunk.length;
        if (capturedBytes <= (options.maxCaptureBytes ?? 256 * 1024 * 1024)) captured.push(chunk);
      });
    } else if (child.stdout) {
      pipe(child.stdout);
    }
    if (child.stderr) pipe(child.stderr);
    let startError: string | undefined;
    child.on('error', (error) => {
      startError = error.message;
    });
    child.on('close', (code, signal) => {
      options.control.detach(child);
      // Whatever the command left running in its group (a hook's background process) ends with it.
      signalGroup(child, 'SIGKILL');
      void options.log.flushMasker().then(() => {
        const text = tail.subarray(Math.max(0, tail.length - tailBytes)).toString('utf8');
        resolve({
          exitCode: code,
          signal,
          stdout: Buffer.concat(captured),
          tail: options.log.masker.maskText(text),
          ...(startError ? { startError } : {}),
        });
      });
    });
  });
}
