import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { and, asc, eq, gt, gte, sql } from 'drizzle-orm';
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

const sealContext = (organizationId: string, runId: string) => `${organizationId}|run-log|${runId}`;

/** Serialises writers of one run's log (appends, compaction, a new job's base offset). */
async function lockRunLog(tx: Transaction, runId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`run_log:${runId}`}, 0))`);
}

async function compactedSize(tx: Database | Transaction, runId: string): Promise<number> {
  const [row] = await tx.select({ size: runLogs.size }).from(runLogs).where(eq(runLogs.runId, runId));
  return row?.size ?? 0;
}

/** Where the run's stored log ends (bytes). */
export async function runLogEnd(tx: Database | Transaction, runId: string): Promise<number> {
  const result = await tx.execute<{ end: string | null }>(
    sql`select max("offset" + octet_length(data)) as "end" from run_log_chunks where run_id = ${runId}`,
  );
  const chunksEnd = Number(result.rows[0]?.end ?? 0);
  return Math.max(chunksEnd, await compactedSize(tx, runId));
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
 * Appends a job's bytes at `offset` of its log (`base` = where the job's log starts in the run's).
 * Bytes already stored are accepted (a retry); what overlaps the stored end is cut; an offset past
 * the end is refused (LogGapError). Answers the job's stored end.
 */
export async function appendJobLog(
  deps: RunLogsDeps,
  job: { organizationId: string; runId: string; jobId: string; base: number },
  offset: number,
  data: Buffer,
): Promise<number> {
  const end = await deps.db.transaction(async (tx) => {
    await lockRunLog(tx, job.runId);
    const stored = Math.max(0, (await runLogEnd(tx, job.runId)) - job.base);
    if (offset > stored) throw new LogGapError(stored);
    const fresh = data.subarray(Math.min(data.length, stored - offset));
    if (fresh.length === 0) return stored;
    await tx
      .insert(runLogChunks)
      .values({ runId: job.runId, offset: job.base + stored, organizationId: job.organizationId, jobId: job.jobId, data: Buffer.from(fresh) })
      .onConflictDoNothing();
    const newEnd = stored + fresh.length;
    await tx.execute(sql`select pg_notify(${RUN_LOG_CHANNEL}, ${`${job.runId}:${job.base + newEnd}`})`);
    return newEnd;
  });
  return end;
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

/** The run's log from `from` on, compacted part and live chunks alike, in order (at most `limitBytes`, whole pieces). */
export async function readRunLog(deps: RunLogsDeps, organizationId: string, runId: string, from: number, limitBytes = 4 * 1024 * 1024): Promise<LogPiece[]> {
  const pieces: LogPiece[] = [];
  let at = from;
  let budget = limitBytes;
  const [compacted] = await deps.db
    .select()
    .from(runLogs)
    .where(and(eq(runLogs.runId, runId), eq(runLogs.organizationId, organizationId)));
  if (compacted && compacted.size > at) {
    const whole = gunzipSync(deps.envelope.decryptBytes(compacted.sealed, sealContext(organizationId, runId)));
    const part = whole.subarray(at);
    pieces.push({ offset: at, data: part });
    at += part.length;
    budget -= part.length;
  }
  // The chunk holding `at` (it may start before it) and every later one.
  const startResult = await deps.db.execute<{ offset: string | null }>(
    sql`select max("offset") as "offset" from run_log_chunks where run_id = ${runId} and organization_id = ${organizationId} and "offset" <= ${at}`,
  );
  const first = Number(startResult.rows[0]?.offset ?? at);
  while (budget > 0) {
    const rows = await deps.db
      .select({ offset: runLogChunks.offset, data: runLogChunks.data })
      .from(runLogChunks)
      .where(and(eq(runLogChunks.runId, runId), eq(runLogChunks.organizationId, organizationId), gte(runLogChunks.offset, first), gt(sql`${runLogChunks.offset} + octet_length(${runLogChunks.data})`, at)))
      .orderBy(asc(runLogChunks.offset))
      .limit(200);
    if (rows.length === 0) break;
    for (const row of rows) {
      if (row.offset > at) return pieces; // a gap (a lost attempt's missing bytes): stop at it
      const data = row.data.subarray(at - row.offset);
      pieces.push({ offset: at, data });
      at += data.length;
      budget -= data.length;
      if (budget <= 0) break;
    }
    if (rows.length < 200) break;
  }
  return pieces;
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
