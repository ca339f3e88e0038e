import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gunzipSync, gzipSync } from 'node:zlib';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { SecretEnvelope } from '../../crypto/secret-envelope';
import type { Database, Transaction } from '../../db/database';
import { DomainError } from '../../http/domain-error';
import { runLogChunks, runLogs } from './runners.schema';
import { RUN_LOG_CHANNEL } from './runner-events';

// A run's log (design §5.5): one byte stream per run (its jobs' logs one after the other), stored
// as chunks keyed by their offset while jobs write it, then compacted (gzip, then the secret
// envelope) into one row. Reads go through `readRunLog` whatever the storage: live and finished
// runs are read the same way.

export interface RunLogsDeps {
  db: Database;
  envelope: SecretEnvelope;
}

/** A run's log above this size keeps its head and tail only when compacted (the tail matters most). */
export const MAX_RUN_LOG_BYTES = 64 * 1024 * 1024;

const gunzipAsync = promisify(gunzip);

const sealContext = (organizationId: string, runId: string) => `${organizationId}|run-log|${runId}`;

/** Serialises compaction and a new job's base offset (appends meet on the chunks' primary key instead). */
async function lockRunLog(tx: Transaction, runId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`run_log:${runId}`}, 0))`);
}

/** Where the run's stored log ends: the last chunk's end, or the compacted log's size (one statement, by the primary keys). */
const storedEndOf = (runId: string | SQL) => sql`greatest(
  coalesce((select c."offset" + octet_length(c.data) from run_log_chunks c where c.run_id = ${runId} order by c."offset" desc limit 1), 0),
  coalesce((select l.size from run_logs l where l.run_id = ${runId}), 0))`;

/** Where the run's stored log ends (bytes). */
export async function runLogEnd(tx: Database | Transaction, runId: string): Promise<number> {
  const result = await tx.execute<{ end: string }>(sql`select ${storedEndOf(runId)} as "end"`);
  return Number(result.rows[0]?.end ?? 0);
}

/** The offset a new job's log starts at in its run's log (taken under the run log's lock). */
export async function nextLogBase(db: Database, runId: string): Promise<number> {
  return db.transaction(async (tx) => {
    await lockRunLog(tx, runId);
    return runLogEnd(tx, runId);
  });
}

/** The log continues elsewhere: the runner resends from `expected`. */
export class LogGapError extends DomainError {
  constructor(readonly expected: number) {
    super('conflict', `The log continues at offset ${expected}`, 'offset');
    this.name = 'LogGapError';
  }
}

/**
 * Who writes a job's log: a query answering one row (organization_id, run_id, job_id, log_base)
 * while the writer may write, none otherwise. It runs inside the append's statement, so a fence
 * (the job's live attempt, its token) costs no round trip of its own and holds until the commit.
 */
export type LogWriter = SQL;

/** An append that arrived before the bytes ahead of it were stored (they may be on their way). */
export interface LogGap {
  runId: string;
  /** Where the job's log starts in the run's. */
  logBase: number;
  /** Where the job's stored log ends. */
  stored: number;
}

/**
 * Appends a job's bytes at `offset` of its log. Bytes already stored are accepted (a retry); what
 * overlaps the stored end is cut; an offset past the end is refused (LogGapError), unless
 * `whenGap` answers true once the bytes before it may have been stored (then it tries again).
 * Answers the job's stored end, or null when `writer` answers no row (the writer may not write).
 */
export async function appendJobLog(
  deps: RunLogsDeps,
  writer: LogWriter,
  offset: number,
  data: Buffer,
  whenGap?: (gap: LogGap) => Promise<boolean>,
): Promise<number | null> {
  // One statement, one round trip: the writer's fence, the stored end, the new bytes inserted at
  // it, the notification (sent at commit). Two writers of the same bytes meet on the primary key
  // (run, offset): the second inserts nothing and tries again against the new end.
  for (let attempt = 0; ; attempt += 1) {
    const result = await deps.db.execute<{ run_id: string; stored: string; end: string | null; log_base: string }>(sql`
      with writer as (${writer}),
      head as (select w.*, greatest(${storedEndOf(sql`w.run_id`)} - w.log_base, 0) as stored from writer w),
      written as (
        insert into run_log_chunks (run_id, "offset", organization_id, job_id, data)
        select head.run_id, head.log_base + head.stored, head.organization_id, head.job_id, substring(${data}::bytea from (head.stored - ${offset}::bigint + 1)::int)
        from head
        where head.stored >= ${offset}::bigint and head.stored < ${offset + data.length}::bigint
        on conflict do nothing
        returning run_id, "offset" + octet_length(data) as "end"
      ),
      notified as (select pg_notify(${RUN_LOG_CHANNEL}, run_id || ':' || "end") from written)
      select head.run_id, head.stored, head.log_base, (select "end" from written) as "end", (select count(*) from notified) as notified from head`);
    const row = result.rows[0];
    if (!row) return null;
    const stored = Number(row.stored);
    if (row.end !== null && row.end !== undefined) return Number(row.end) - Number(row.log_base);
    if (offset > stored) {
      if (attempt < 5 && (await whenGap?.({ runId: row.run_id, logBase: Number(row.log_base), stored }))) continue;
      throw new LogGapError(stored);
    }
    if (offset + data.length <= stored || attempt >= 5) return stored; // a retry: everything is stored already
  }
}

/** Where a job's log ends (the finish barrier compares it with the runner's final offset). */
export async function jobLogEnd(db: Database, runId: string, base: number): Promise<number> {
  return Math.max(0, (await runLogEnd(db, runId)) - base);
}

/** One stretch of a run's log: its bytes and where they start. */
export interface LogPiece {
  offset: number;
  data: Buffer;
}

/** Chunks read per statement. */
const CHUNK_ROWS = 200;

/**
 * The run's log from `from` on, compacted part and live chunks alike, in order (about `limitBytes`:
 * whole chunks, the compacted part cut at the limit). Live reads (the common case) take one
 * statement; the compacted part is read only when no chunk holds `from`.
 */
export async function readRunLog(deps: RunLogsDeps, organizationId: string, runId: string, from: number, limitBytes = 4 * 1024 * 1024): Promise<LogPiece[]> {
  const pieces: LogPiece[] = [];
  let at = from;
  let budget = limitBytes;
  let compactedReads = 0;
  let compactedFound = false;
  while (budget > 0) {
    // The chunk holding `at` (it may start before it) and the later ones.
    const result = await deps.db.execute<{ offset: string; data: Buffer }>(sql`
      select "offset", data from run_log_chunks
      where run_id = ${runId} and organization_id = ${organizationId}
        and "offset" >= coalesce((select max(c."offset") from run_log_chunks c where c.run_id = ${runId} and c."offset" <= ${at}::bigint), ${at}::bigint)
      order by "offset" limit ${CHUNK_ROWS}`);
    const rows = result.rows.map((row) => ({ offset: Number(row.offset), data: row.data })).filter((row) => row.offset + row.data.length > at);
    if (!rows.length || rows[0]!.offset > at) {
      // No chunk holds `at`: the compacted log may (a finished run, or compaction just now). Once
      // more when it was read before: a compaction may have taken the chunks after that read.
      if (compactedReads >= (compactedFound ? 2 : 1)) return pieces; // a gap (a lost attempt's missing bytes): stop at it
      compactedReads += 1;
      const compacted = await compactedLog(deps, organizationId, runId);
      compactedFound = compacted !== null;
      if (!compacted || compacted.length <= at) return pieces;
      const part = compacted.subarray(at, at + budget);
      pieces.push({ offset: at, data: part });
      at += part.length;
      budget -= part.length;
      continue;
    }
    for (const row of rows) {
      if (row.offset > at) return pieces; // a gap: stop at it
      const data = row.data.subarray(at - row.offset);
      pieces.push({ offset: at, data });
      at += data.length;
      budget -= data.length;
      if (budget <= 0) return pieces;
    }
    if (result.rows.length < CHUNK_ROWS) return pieces;
  }
  return pieces;
}

/**
 * Compacted logs opened lately, per envelope (each subscriber of a finished run would otherwise
 * decrypt and unzip the whole log for itself): a few, for a few seconds, checked against the
 * row's size and compaction time.
 */
const openedLogs = new WeakMap<SecretEnvelope, Map<string, { version: string; log: Promise<Buffer> }>>();
const OPENED_LOGS_KEPT = 8;
const OPENED_LOG_MS = 10_000;

async function compactedLog(deps: RunLogsDeps, organizationId: string, runId: string): Promise<Buffer | null> {
  const [row] = await deps.db
    .select({ size: runLogs.size, compactedAt: runLogs.compactedAt })
    .from(runLogs)
    .where(and(eq(runLogs.runId, runId), eq(runLogs.organizationId, organizationId)));
  if (!row) return null;
  let opened = openedLogs.get(deps.envelope);
  if (!opened) openedLogs.set(deps.envelope, (opened = new Map()));
  const version = `${organizationId}|${row.size}|${row.compactedAt.getTime()}`;
  const kept = opened.get(runId);
  if (kept?.version === version) return kept.log;
  const log = (async () => {
    const [sealed] = await deps.db.select({ sealed: runLogs.sealed }).from(runLogs).where(and(eq(runLogs.runId, runId), eq(runLogs.organizationId, organizationId)));
    if (!sealed) return Buffer.alloc(0);
    return gunzipAsync(deps.envelope.decryptBytes(sealed.sealed, sealContext(organizationId, runId)));
  })();
  const entry = { version, log };
  opened.set(runId, entry);
  const forget = () => {
    if (opened.get(runId) === entry) opened.delete(runId);
  };
  log.catch(forget);
  setTimeout(forget, OPENED_LOG_MS).unref();
  while (opened.size > OPENED_LOGS_KEPT) opened.delete(opened.keys().next().value!);
  return log;
}

/**
 * Compacts a run's log: compacted part + chunks → gzip → secret envelope → one row; the chunks go.
 * A log above MAX_RUN_LOG_BYTES keeps its first quarter and the rest of the budget from its end.
 */
export async function compactRunLog(deps: RunLogsDeps, organizationId: string, runId: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    await lockRunLog(tx, runId);
    const chunks = await tx
      .select({ offset: runLogChunks.offset, data: runLogChunks.data })
      .from(runLogChunks)
      .where(eq(runLogChunks.runId, runId))
      .orderBy(asc(runLogChunks.offset));
    if (chunks.length === 0) return false;
    const [existing] = await tx.select().from(runLogs).where(eq(runLogs.runId, runId));
    const parts: Buffer[] = [];
    let at = 0;
    if (existing) {
      const whole = gunzipSync(deps.envelope.decryptBytes(existing.sealed, sealContext(organizationId, runId)));
      parts.push(whole);
      at = whole.length;
    }
    for (const chunk of chunks) {
      if (chunk.offset + chunk.data.length <= at) continue;
      if (chunk.offset > at) break; // bytes missing (a lost runner): keep what is contiguous
      parts.push(chunk.data.subarray(at - chunk.offset));
      at = chunk.offset + chunk.data.length;
    }
    let log = Buffer.concat(parts);
    if (log.length > MAX_RUN_LOG_BYTES) {
      const head = Math.floor(MAX_RUN_LOG_BYTES / 4);
      const marker = Buffer.from(`\n\x1b[33m… ${log.length - MAX_RUN_LOG_BYTES} bytes of this log were left out …\x1b[0m\n`);
      log = Buffer.concat([log.subarray(0, head), marker, log.subarray(log.length - (MAX_RUN_LOG_BYTES - head - marker.length))]);
    }
    const sealed = deps.envelope.encryptBytes(gzipSync(log), sealContext(organizationId, runId));
    const sha256 = createHash('sha256').update(log).digest('hex');
    await tx
      .insert(runLogs)
      .values({ runId, organizationId, size: log.length, sha256, sealed })
      .onConflictDoUpdate({ target: runLogs.runId, set: { size: log.length, sha256, sealed, compactedAt: new Date() } });
    await tx.delete(runLogChunks).where(eq(runLogChunks.runId, runId));
    return true;
  });
}
