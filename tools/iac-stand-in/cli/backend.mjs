// @ts-check
// State storage as terraform's backends do it. `local`: terraform.tfstate in the working
// directory. `http`: terraform's HTTP backend client (internal/backend/remote-state/http):
// GET address (204/404/empty body = no state), POST address?ID=<lock id> with Content-MD5,
// LOCK lock_address with the LockInfo JSON (409/423 = locked, with the holder's LockInfo),
// UNLOCK unlock_address with the same LockInfo (200 only). Basic auth only with a non-empty
// username; each setting also read from TF_HTTP_*. Connection errors and 5xx are retried.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { hostname, userInfo } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';

export class BackendError extends Error {
  /**
   * @param {string} summary
   * @param {string} detail
   */
  constructor(summary, detail) {
    super(summary);
    this.detail = detail;
  }
}

/**
 * @typedef {{ version: 4, terraform_version: string, serial: number, lineage: string, outputs: Record<string, { value: unknown, type: unknown, sensitive?: boolean }>, resources: StateResource[], check_results: null }} State
 * @typedef {{ mode: 'managed', type: string, name: string, provider: string, instances: StateInstance[] }} StateResource
 * @typedef {{ index_key?: number, schema_version: number, attributes: Record<string, unknown>, sensitive_attributes: unknown[], status?: 'tainted' }} StateInstance
 * @typedef {{ ID: string, Operation: string, Info: string, Who: string, Version: string, Created: string, Path: string }} LockInfo
 */

const settingNames = ['address', 'update_method', 'lock_address', 'lock_method', 'unlock_address', 'unlock_method', 'username', 'password', 'retry_max', 'retry_wait_min'];

/**
 * The effective backend settings: the configuration's block, then TF_HTTP_* for what it leaves out.
 * @param {{ type: string, config: Record<string, unknown> } | null} backend
 */
export function effectiveBackend(backend) {
  if (!backend || backend.type === 'local') {
    const path = backend?.config['path'];
    return { type: 'local', config: /** @type {Record<string, string>} */ (typeof path === 'string' ? { path } : {}) };
  }
  if (backend.type !== 'http') {
    throw new BackendError(`Unsupported backend type "${backend.type}"`, 'This stand-in speaks the local and http backends only.');
  }
  /** @type {Record<string, string>} */
  const config = {};
  for (const name of settingNames) {
    const fromFile = backend.config[name];
    const fromEnv = process.env[`TF_HTTP_${name.toUpperCase()}`];
    if (fromFile !== undefined && fromFile !== null) config[name] = String(fromFile);
    else if (fromEnv !== undefined) config[name] = fromEnv;
  }
  if (!config['address']) throw new BackendError('Missing required argument', 'The argument "address" is required, but was not set.');
  return { type: 'http', config };
}

/** The part of the backend settings terraform keeps in .terraform/terraform.tfstate (no secrets). */
export function backendFingerprint(/** @type {{ type: string, config: Record<string, string> }} */ backend) {
  const { password: _password, ...rest } = backend.config;
  return { type: backend.type, config: rest, hash: Number.parseInt(createHash('sha256').update(JSON.stringify(rest)).digest('hex').slice(0, 8), 16) };
}

export class StateStore {
  /**
   * @param {{ type: string, config: Record<string, string> }} backend
   * @param {{ cwd: string, version: string, product: string }} options
   */
  constructor(backend, options) {
    this.backend = backend;
    this.cwd = options.cwd;
    this.version = options.version;
    this.product = options.product;
    /** @type {LockInfo | null} */
    this.lock = null;
  }

  /** @returns {Promise<State | null>} */
  async read() {
    if (this.backend.type === 'local') {
      const file = resolvePath(this.cwd, this.backend.config['path'] ?? 'terraform.tfstate');
      if (!existsSync(file)) return null;
      return parseState(readFileSync(file, 'utf8'));
    }
    const response = await this.request('GET', this.backend.config['address'] ?? '', undefined);
    if (response.status === 204 || response.status === 404) return null;
    if (response.status === 401) throw new BackendError('Error refreshing state: HTTP remote state endpoint requires auth', '');
    if (response.status === 403) throw new BackendError('Error refreshing state: HTTP remote state endpoint invalid auth', '');
    if (response.status !== 200) throw new BackendError(`Error refreshing state: Unexpected HTTP response code ${response.status}`, '');
    if (response.body.length === 0) return null;
    return parseState(response.body.toString('utf8'));
  }

  /**
   * @param {State} state
   */
  async write(state) {
    const body = Buffer.from(`${JSON.stringify(state, null, 2)}\n`);
    if (this.backend.type === 'local') {
      writeFileSync(resolvePath(this.cwd, this.backend.config['path'] ?? 'terraform.tfstate'), body);
      return;
    }
    const url = new URL(this.backend.config['address'] ?? '');
    if (this.lock) url.searchParams.set('ID', this.lock.ID);
    let response;
    try {
      response = await this.request(this.backend.config['update_method'] ?? 'POST', url.toString(), body);
    } catch (error) {
      response = { status: 0, body: Buffer.from(String(error)) };
    }
    if (![200, 201, 204].includes(response.status)) {
      writeFileSync(join(this.cwd, 'errored.tfstate'), body);
      throw new BackendError(
        'Failed to save state',
        `Error saving state: HTTP error: ${response.status}\n\n${this.product} encountered an error attempting to save the state before cancelling the current operation. Once the operation is complete another attempt will be made to save the final state. The state was written to errored.tfstate in the working directory.`,
      );
    }
  }

  /**
   * Takes the state lock (http backend with a lock address); a no-op otherwise.
   * @param {string} operation
   */
  async acquire(operation) {
    if (this.backend.type !== 'http' || !this.backend.config['lock_address']) return;
    /** @type {LockInfo} */
    const info = {
      ID: randomUUID(),
      Operation: operation,
      Info: '',
      Who: `${safeUser()}@${hostname()}`,
      Version: this.version,
      Created: new Date().toISOString(),
      Path: '',
    };
    const response = await this.request(this.backend.config['lock_method'] ?? 'LOCK', this.backend.config['lock_address'], Buffer.from(JSON.stringify(info)));
    if (response.status === 200) {
      this.lock = info;
      return;
    }
    if (response.status === 409 || response.status === 423) {
      /** @type {Partial<LockInfo>} */
      let holder = {};
      try {
        holder = JSON.parse(response.body.toString('utf8'));
      } catch {
        /* the holder is unknown */
      }
      throw new BackendError(
        'Error acquiring the state lock',
        `Error message: HTTP remote state already locked: ID=${holder.ID ?? ''}\nLock Info:\n  ID:        ${holder.ID ?? ''}\n  Path:      ${holder.Path ?? ''}\n  Operation: ${holder.Operation ?? ''}\n  Who:       ${holder.Who ?? ''}\n  Version:   ${holder.Version ?? ''}\n  Created:   ${holder.Created ?? ''}\n  Info:      ${holder.Info ?? ''}\n\n\n${this.product} acquires a state lock to protect the state from being written\nby multiple users at the same time. Please resolve the issue above and try\nagain. For most commands, you can disable locking with the "-lock=false"\nflag, but this is not recommended.`,
      );
    }
    if (response.status === 401) throw new BackendError('Error acquiring the state lock', 'HTTP remote state endpoint requires auth');
    if (response.status === 403) throw new BackendError('Error acquiring the state lock', 'HTTP remote state endpoint invalid auth');
    throw new BackendError('Error acquiring the state lock', `Unexpected HTTP response code ${response.status}`);
  }

  async release() {
    if (!this.lock || this.backend.type !== 'http') return;
    const info = this.lock;
    this.lock = null;
    const response = await this.request(this.backend.config['unlock_method'] ?? 'UNLOCK', this.backend.config['unlock_address'] ?? '', Buffer.from(JSON.stringify(info)));
    if (response.status !== 200) {
      throw new BackendError('Error releasing the state lock', `Error message: Unexpected HTTP response code ${response.status}\n\n${this.product} acquires a lock when accessing your state to prevent others\nrunning ${this.product.toLowerCase()} to potentially modify the state at the same time. An\nerror occurred while releasing this lock. This could mean that the lock\ndid or did not release properly. If the lock didn't release properly,\n${this.product} may not be able to run future commands since it'll appear as if\nthe lock is held.\n\nIn this scenario, please call the "force-unlock" command to unlock the\nstate manually. This is a very dangerous operation since if it is done\nerroneously it could result in two people modifying state at the same time.\nOnly call this command if you're certain that the unlock above failed and\nthat no one else is holding a lock.`);
    }
  }

  /**
   * force-unlock: terraform sends an empty body (with Content-Type: application/json); OpenTofu
   * 1.10+ a LockInfo with only the ID; OpenTofu 1.6–1.9 no body and no Content-Type.
   * @param {string} id
   * @param {'terraform-empty' | 'tofu-id' | 'tofu-none'} style
   */
  async forceUnlock(id, style) {
    if (this.backend.type !== 'http' || !this.backend.config['unlock_address']) {
      throw new BackendError('Backend does not support locking', 'The configured backend does not support state locking.');
    }
    const url = this.backend.config['unlock_address'];
    const method = this.backend.config['unlock_method'] ?? 'UNLOCK';
    const response =
      style === 'tofu-id'
        ? await this.request(method, url, Buffer.from(JSON.stringify({ ID: id })))
        : style === 'terraform-empty'
          ? await this.request(method, url, Buffer.alloc(0), { emptyJson: true })
          : await this.request(method, url, undefined);
    if (response.status !== 200) {
      throw new BackendError('Failed to unlock state', `Unexpected HTTP response code ${response.status}`);
    }
  }

  /**
   * One HTTP request with terraform's retry policy (retryablehttp: connection errors and 5xx).
   * @param {string} method
   * @param {string} url
   * @param {Buffer | undefined} body
   * @param {{ emptyJson?: boolean }} [flags]
   * @returns {Promise<{ status: number, body: Buffer }>}
   */
  async request(method, url, body, flags = {}) {
    const retryMax = Number.parseInt(this.backend.config['retry_max'] ?? '2', 10);
    const waitMs = Number.parseFloat(this.backend.config['retry_wait_min'] ?? '1') * 1000;
    /** @type {Record<string, string>} */
    const headers = { 'User-Agent': 'Go-http-client/1.1' };
    const username = this.backend.config['username'] ?? '';
    if (username !== '') {
      headers['Authorization'] = `Basic ${Buffer.from(`${username}:${this.backend.config['password'] ?? ''}`).toString('base64')}`;
    }
    if (body !== undefined && (body.length > 0 || flags.emptyJson)) {
      headers['Content-Type'] = 'application/json';
      headers['Content-MD5'] = body.length > 0 ? createHash('md5').update(body).digest('base64') : '';
    }
    let lastError;
    for (let attempt = 0; attempt <= retryMax; attempt++) {
      try {
        const response = await fetch(url, { method, headers, body: body && body.length > 0 ? body : undefined });
        const bytes = Buffer.from(await response.arrayBuffer());
        if (response.status >= 500 && attempt < retryMax) {
          await new Promise((resolve) => setTimeout(resolve, waitMs));
          continue;
        }
        return { status: response.status, body: bytes };
      } catch (error) {
        lastError = error;
        if (attempt < retryMax) await new Promise((resolve) => setTimeout(resolve, waitMs));
      }
    }
    throw new BackendError('Error contacting the state backend', `${method} ${redact(url)} giving up after ${retryMax + 1} attempt(s): ${String(lastError)}`);
  }
}

/** @param {string} url */
function redact(url) {
  try {
    const u = new URL(url);
    u.password = '';
    return u.toString();
  } catch {
    return url;
  }
}

function safeUser() {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

/**
 * @param {string} text
 * @returns {State}
 */
function parseState(text) {
  /** @type {any} */
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new BackendError('Failed to load state', `Decoding state file failed: ${String(error)}`);
  }
  if (typeof doc !== 'object' || doc === null || !('version' in doc)) {
    throw new BackendError('Failed to load state', 'The state file does not have a "version" attribute, which is required to identify the format version.');
  }
  if (doc.version !== 4) throw new BackendError('Failed to load state', `Unsupported state file format version ${doc.version}.`);
  return doc;
}

/** What `init` remembers of the backend (terraform keeps it in .terraform/terraform.tfstate). */
export function rememberBackend(/** @type {string} */ cwd, /** @type {ReturnType<typeof backendFingerprint>} */ fingerprint) {
  mkdirSync(join(cwd, '.terraform'), { recursive: true });
  writeFileSync(join(cwd, '.terraform', 'terraform.tfstate'), `${JSON.stringify({ version: 3, serial: 1, lineage: randomUUID(), backend: fingerprint }, null, 2)}\n`);
}

/** @returns {{ type: string, hash: number } | null} */
export function rememberedBackend(/** @type {string} */ cwd) {
  const file = join(cwd, '.terraform', 'terraform.tfstate');
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')).backend ?? null;
  } catch {
    return null;
  }
}
