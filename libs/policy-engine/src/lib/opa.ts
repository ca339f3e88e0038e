import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveOpaBinary, type OpaBinaryOptions } from './opa-binary';
import type { FailedResource, PolicyCheck } from './types';

/**
 * The one adapter to OPA (design §3.4): runs the `opa` binary with an argument array (no shell),
 * `opa eval --format json --data <policy> --input <input.json> <query>`, and reads its JSON answer:
 * `{"result":[{"expressions":[{"value":…,"text":…,"location":…}]}]}`, `{}` when the query is
 * undefined, `{"errors":[{"message","code","location"}]}` on a compile or evaluation error. The
 * value read follows conftest's conventions: a `deny`, `violation` (failures) and `warn` (notes)
 * set under the queried package, or the queried rule itself: a set of messages (non-empty fails)
 * or a boolean (false fails). The binary is found or downloaded as opa-binary.ts says; without one
 * the check is 'Unable to Check' (error).
 */

export interface OpaOptions extends OpaBinaryOptions {
  timeoutMs?: number | undefined;
}

export interface OpaPolicyFiles {
  /** Rego modules by file name (inline policies, or files read from the policy's repository path). */
  modules: Record<string, string>;
  /** The query; default `data.terrace`. */
  query?: string | undefined;
}

export const DEFAULT_OPA_QUERY = 'data.terrace';

/** The opa binary to run (resolveOpaBinary), or null when there is none; a failed download is none too. */
export async function findOpaBinary(options: OpaOptions = {}): Promise<string | null> {
  try {
    return await resolveOpaBinary(options);
  } catch {
    return null;
  }
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(binary: string, args: string[], options: OpaOptions): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      binary,
      args,
      { timeout: options.timeoutMs ?? 60_000, maxBuffer: 32 * 1024 * 1024, env: options.env ?? process.env },
      (error, stdout, stderr) => {
        const code = error ? (typeof (error as { code?: unknown }).code === 'number' ? ((error as { code: number }).code) : 1) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr) || (error && code === 1 && !stdout ? error.message : '') });
      },
    );
  });
}

/** `opa eval`'s answer (format json). */
export interface OpaEvalOutput {
  result?: { expressions: { value: unknown; text?: string; location?: unknown }[]; bindings?: unknown }[];
  errors?: { message: string; code?: string; location?: { file?: string; row?: number; col?: number } }[];
}

const messageOf = (entry: unknown): FailedResource => {
  if (typeof entry === 'string') return { address: '', message: entry };
  if (entry && typeof entry === 'object') {
    const o = entry as Record<string, unknown>;
    const message = typeof o['msg'] === 'string' ? o['msg'] : typeof o['message'] === 'string' ? o['message'] : JSON.stringify(entry);
    const address = typeof o['resource'] === 'string' ? o['resource'] : typeof o['address'] === 'string' ? o['address'] : '';
    return { address, message };
  }
  return { address: '', message: JSON.stringify(entry) };
};

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);

/** Reads a query's value as a policy check (conftest conventions, see above). */
export function checkFromOpaValue(value: unknown, defined: boolean): PolicyCheck {
  if (!defined) return { status: 'passed', failedResources: [], errorMessage: 'The query is undefined: nothing was denied' };
  if (typeof value === 'boolean') {
    return value ? { status: 'passed', failedResources: [], result: value } : { status: 'failed', failedResources: [{ address: '', message: 'The policy evaluated to false' }], result: value };
  }
  if (Array.isArray(value)) {
    const failed = value.map(messageOf);
    return { status: failed.length ? 'failed' : 'passed', failedResources: failed, result: value };
  }
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const failed = [...asList(o['deny']), ...asList(o['violation'])].map(messageOf);
    const warnings = asList(o['warn']).map(messageOf);
    return {
      status: failed.length ? 'failed' : 'passed',
      failedResources: failed,
      ...(warnings.length && !failed.length ? { errorMessage: warnings.map((w) => w.message).join('; ') } : {}),
      result: value,
    };
  }
  return { status: 'error', failedResources: [], errorMessage: `The query's value is neither a set, an object nor a boolean: ${JSON.stringify(value)}`, result: value };
}

/** `opa version`'s first line, or null without a binary. */
export async function opaVersion(options: OpaOptions = {}): Promise<string | null> {
  const binary = await findOpaBinary(options);
  if (!binary) return null;
  const out = await run(binary, ['version'], options);
  return out.code === 0 ? (out.stdout.split('\n')[0] ?? '').trim() : null;
}

/** Evaluates a Rego policy on an input document with `opa eval`. */
export async function evaluateRego(policy: OpaPolicyFiles, input: unknown, options: OpaOptions = {}): Promise<PolicyCheck> {
  const binary = await findOpaBinary(options);
  if (!binary) return { status: 'error', failedResources: [], errorMessage: 'The opa binary is not available: the policy could not be checked' };
  if (Object.keys(policy.modules).length === 0) return { status: 'error', failedResources: [], errorMessage: 'The policy has no Rego module' };
  const dir = await mkdtemp(join(tmpdir(), 'terrace-opa-'));
  try {
    const files: string[] = [];
    for (const [name, text] of Object.entries(policy.modules)) {
      const file = join(dir, `${files.length}-${name.replace(/[^\w.-]/g, '_')}${name.endsWith('.rego') ? '' : '.rego'}`);
      await writeFile(file, text);
      files.push(file);
    }
    const inputFile = join(dir, 'input.json');
    await writeFile(inputFile, JSON.stringify(input));
    const query = policy.query?.trim() || DEFAULT_OPA_QUERY;
    const args = ['eval', '--format', 'json', ...files.flatMap((f) => ['--data', f]), '--input', inputFile, query];
    const out = await run(binary, args, options);
    let parsed: OpaEvalOutput;
    try {
      parsed = JSON.parse(out.stdout) as OpaEvalOutput;
    } catch {
      return { status: 'error', failedResources: [], errorMessage: `opa eval failed (exit ${out.code}): ${(out.stderr || out.stdout).trim().slice(0, 2000)}` };
    }
    if (parsed.errors?.length) {
      const message = parsed.errors.map((e) => `${e.code ? `${e.code}: ` : ''}${e.message}${e.location?.row ? ` (line ${e.location.row})` : ''}`).join('; ');
      return { status: 'error', failedResources: [], errorMessage: message, result: parsed };
    }
    const first = parsed.result?.[0]?.expressions?.[0];
    return checkFromOpaValue(first?.value, Boolean(first));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * `opa check` on Rego modules: null when they compile (or when there is no binary to ask: the
 * check at run time then answers 'Unable to Check'), else opa's message.
 */
export async function checkRego(modules: Record<string, string>, options: OpaOptions = {}): Promise<string | null> {
  const binary = await findOpaBinary(options);
  if (!binary) return null;
  const dir = await mkdtemp(join(tmpdir(), 'terrace-opa-check-'));
  try {
    const files: string[] = [];
    for (const [name, text] of Object.entries(modules)) {
      const file = join(dir, `${files.length}-${name.replace(/[^\w.-]/g, '_')}${name.endsWith('.rego') ? '' : '.rego'}`);
      await writeFile(file, text);
      files.push(file);
    }
    const out = await run(binary, ['check', ...files], options);
    if (out.code === 0) return null;
    return (out.stderr || out.stdout).trim().split(dir).join('').replace(/\/\d+-/g, '') || 'The Rego policy does not compile';
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
