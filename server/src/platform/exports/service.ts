import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { TLanguage } from '@seller-centre/contract/i18n';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { toJsonb, transaction, type Db } from '../../db/client.ts';
import { AppError } from '../errors.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { FileMissingError, type FileStore } from '../storage/store.ts';
import { producerOf } from './registry.ts';
import { csvWriter, xlsxWriter, type RowWriter } from './writers.ts';

export const EXPORT_QUEUE = 'export';
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The contract's export statuses. */
export const EXPORT_STATUS = { waiting: 1, running: 2, done: 3, failed: 4 } as const;

export type ExportDeps = {
  db: Db;
  jobs: JobQueue;
  /** Where finished files are kept (under DATA_DIR or in a bucket), by `<tenant>/<task>-<claim>.<ext>`. */
  store: FileStore;
  /** Where a file is written while it grows (local disk), moved into `store` when complete. */
  workDir: string;
  workerId: string;
  staleSeconds: number;
  linkTtlSeconds: number;
  /** The configured link key, if any (else one kept in export_link_keys). */
  configuredSecret: string | undefined;
  log: FastifyBaseLogger;
};

type Asker = { tenantId: number; userId: number; lang: TLanguage };

function stamp(date: Date): string {
  // The product's business time zone (UTC+08:00), as the lists show times.
  const local = new Date(date.getTime() + 8 * 3600_000);
  return local.toISOString().slice(0, 19).replace(/[-:T]/g, '');
}

/**
 * Queues an export of `type` with these filters for the asker's tenant. The task row and its
 * job are written in one transaction: there is never a task no worker will see, nor a job
 * without its task.
 */
export async function addExportTask(
  deps: ExportDeps,
  asker: Asker,
  input: { type: string; filters: unknown; format: ExportFormat },
): Promise<{ id: number; fileName: string }> {
  const producer = producerOf(input.type);
  if (!producer) throw AppError.invalidField('module', 'unknown export type');
  const filters = producer.parseFilters(input.filters);
  const fileName = `${producer.fileStem[asker.lang]}_${stamp(new Date())}.${input.format}`;
  await deps.jobs.prepare(EXPORT_QUEUE);
  return transaction(deps.db, async (tx) => {
    const row = await tx
      .insertInto('export_tasks')
      .values({
        main_id: asker.tenantId,
        user_id: asker.userId,
        type: input.type,
        filters: toJsonb(filters ?? {}),
        format: input.format,
        lang: asker.lang,
        file_name: fileName,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await deps.jobs.send(EXPORT_QUEUE, { taskId: row.id }, { db: tx });
    return { id: row.id, fileName };
  });
}

export type ExportTaskView = {
  id: number;
  type: string;
  file_name: string;
  status: number;
  progress: number;
  error_note: string;
  created_at: Date;
  finished_at: Date | null;
  /** A signed download link while the file is ready (status 3), else ''. */
  url: string;
};

/**
 * The tenant's tasks of one type (or of any of several), newest first, each done one with a
 * fresh signed link. `filtersContain` keeps the tasks whose stored filters hold these values
 * (a module's own scope, such as the warehouse link a task was made for); `userId` keeps one
 * user's tasks.
 */
export async function listExportTasks(
  deps: ExportDeps,
  tenantId: number,
  query: {
    type: string | readonly string[];
    status?: number | undefined;
    filtersContain?: Record<string, number | string> | undefined;
    userId?: number | undefined;
    page: number;
    pageSize: number;
  },
): Promise<{ total: number; data: ExportTaskView[] }> {
  const types = typeof query.type === 'string' ? [query.type] : [...query.type];
  let base = deps.db.selectFrom('export_tasks').where('main_id', '=', tenantId).where('type', 'in', types);
  if (query.status) base = base.where('status', '=', query.status);
  if (query.filtersContain) base = base.where(sql<boolean>`filters @> ${toJsonb(query.filtersContain)}::jsonb`);
  if (query.userId !== undefined) base = base.where('user_id', '=', query.userId);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select(['id', 'main_id', 'type', 'file_name', 'status', 'progress', 'error_note', 'created_at', 'finished_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  const secret = await linkSecret(deps);
  return {
    total: Number(count.n),
    data: rows.map((row) => ({
      id: row.id,
      type: row.type,
      file_name: row.file_name,
      status: row.status,
      progress: row.progress,
      error_note: row.error_note,
      created_at: row.created_at,
      finished_at: row.finished_at,
      url:
        row.status === EXPORT_STATUS.done ? signedDownloadPath(secret, row.id, row.main_id, deps.linkTtlSeconds) : '',
    })),
  };
}

// ---- download links ---------------------------------------------------------------------------

export const DOWNLOAD_PATH = '/api/v1/export/download/:task_id';

let cachedSecret: { db: Db; secret: string } | undefined;

/** The link key: the configured one, or the one kept in the database (made on first need). */
export async function linkSecret(deps: Pick<ExportDeps, 'db' | 'configuredSecret'>): Promise<string> {
  if (deps.configuredSecret) return deps.configuredSecret;
  if (cachedSecret?.db === deps.db) return cachedSecret.secret;
  await deps.db
    .insertInto('export_link_keys')
    .values({ id: 1, secret: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await deps.db
    .selectFrom('export_link_keys')
    .select('secret')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  cachedSecret = { db: deps.db, secret: row.secret };
  return row.secret;
}

function signature(secret: string, taskId: number, tenantId: number, expires: number): string {
  return createHmac('sha256', secret).update(`export:${taskId}:${tenantId}:${expires}`).digest('base64url');
}

/** A path that downloads the task's file until `ttlSeconds` from now, for its tenant's link only. */
export function signedDownloadPath(secret: string, taskId: number, tenantId: number, ttlSeconds: number): string {
  const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
  const sig = signature(secret, taskId, tenantId, expires);
  return `${DOWNLOAD_PATH.replace(':task_id', String(taskId))}?expires=${expires}&signature=${sig}`;
}

const CONTENT_TYPES: Record<string, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

type LinkTask = { id: number; status: number; file_path: string | null; file_name: string; format: string };

const LINK_NUMBER = /^[1-9][0-9]{0,15}$/;
const LINK_SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Checks a download link before anything else of the request is looked at (the link is the
 * download's only authorization): a link that does not verify (no or a malformed signature, a
 * signature of another task or expiry, no such task) is a 403, and so is an expired one, saying
 * so. Takes the raw path and query, as they come.
 */
export async function verifyDownloadLink(
  deps: ExportDeps,
  raw: { taskId: unknown; expires: unknown; signature: unknown },
): Promise<LinkTask> {
  const { taskId, expires, signature: given } = raw;
  if (
    typeof taskId !== 'string' ||
    typeof expires !== 'string' ||
    typeof given !== 'string' ||
    !LINK_NUMBER.test(taskId) ||
    !LINK_NUMBER.test(expires) ||
    !LINK_SIGNATURE.test(given)
  ) {
    throw AppError.forbidden('downloadLinkInvalid');
  }
  const task = await deps.db
    .selectFrom('export_tasks')
    .select(['id', 'main_id', 'status', 'file_path', 'file_name', 'format'])
    .where('id', '=', Number(taskId))
    .executeTakeFirst();
  const expected = task ? signature(await linkSecret(deps), task.id, task.main_id, Number(expires)) : '';
  const valid = task && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
  if (!task || !valid) throw AppError.forbidden('downloadLinkInvalid');
  if (Number(expires) < Date.now() / 1000) throw AppError.forbidden('downloadLinkExpired');
  return task;
}

/** The file of a verified link's task: a task that is not done, or whose file is gone, is a 404. */
export async function openDownload(
  deps: ExportDeps,
  task: LinkTask,
): Promise<{ stream: Readable; size: number; fileName: string; contentType: string }> {
  if (task.status !== EXPORT_STATUS.done || !task.file_path) throw AppError.notFound('exportNotFound');
  const { stream, size } = await deps.store.open(task.file_path).catch((error: unknown) => {
    throw error instanceof FileMissingError ? AppError.notFound('exportNotFound') : error;
  });
  return { stream, size, fileName: task.file_name, contentType: CONTENT_TYPES[task.format]! };
}

// ---- the worker ----------------------------------------------------------------------------------

// Progress is one UPDATE: at most once a second, and at least every so many rows when they come fast.
const PROGRESS_EVERY_ROWS = 50_000;
const PROGRESS_EVERY_MS = 1000;

/**
 * Works one task: claims it (only a waiting task, by one guarded update: two workers handed the
 * same task cannot both take it), streams its rows into the file, reports progress and a
 * heartbeat as it goes, and marks it done or failed. Every write after the claim is guarded by
 * the claim number, so a worker that lost its task (thought dead, and the task handed on) stops
 * at its next report.
 */
export async function runExportTask(deps: ExportDeps, taskId: number): Promise<void> {
  const claimed = await deps.db
    .updateTable('export_tasks')
    .set((eb) => ({
      status: EXPORT_STATUS.running,
      claim: eb('claim', '+', 1),
      worker: deps.workerId,
      heartbeat_at: sql<Date>`now()`,
      started_at: sql<Date>`now()`,
      progress: 0,
      rows_written: 0,
      error_note: '',
    }))
    .where('id', '=', taskId)
    .where('status', '=', EXPORT_STATUS.waiting)
    .returning(['id', 'main_id', 'type', 'filters', 'format', 'lang', 'claim'])
    .executeTakeFirst();
  if (!claimed) return;
  const { claim } = claimed;
  const lang = claimed.lang as TLanguage;
  const relative = path.join(String(claimed.main_id), `${taskId}-${claim}.${claimed.format}`);
  const file = path.join(deps.workDir, relative);

  const guarded = () =>
    deps.db
      .updateTable('export_tasks')
      .where('id', '=', taskId)
      .where('claim', '=', claim)
      .where('status', '=', EXPORT_STATUS.running);

  let written = 0;
  let total = 0;
  let lost = false;
  const report = async () => {
    const progress = total > 0 ? Math.min(99, Math.floor((written * 100) / total)) : 0;
    const result = await guarded()
      .set({ progress, rows_written: written, rows_total: total, heartbeat_at: sql<Date>`now()` })
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) lost = true;
  };
  // The heartbeat goes on while a slow count or a slow page keeps the row loop quiet.
  const beat = setInterval(() => void report().catch(() => undefined), Math.max(1000, (deps.staleSeconds * 1000) / 4));
  beat.unref();

  let writer: RowWriter | undefined;
  let stored = false;
  try {
    const producer = producerOf(claimed.type);
    if (!producer) throw new Error(`no producer for export type ${claimed.type}`);
    const filters = producer.parseFilters(claimed.filters);
    await mkdir(path.dirname(file), { recursive: true });
    total = await producer.countRows(deps.db, claimed.main_id, filters);
    await report();
    const headers = producer.columns.map((c) => c.header[lang]);
    writer =
      claimed.format === 'xlsx'
        ? await xlsxWriter(file, headers, producer.fileStem[lang])
        : await csvWriter(file, headers);
    const { columns } = producer;
    let lastReport = Date.now();
    let reportedAt = 0;
    for await (const batch of producer.streamRows(deps.db, claimed.main_id, filters)) {
      const lines: unknown[][] = new Array(batch.length);
      for (let i = 0; i < batch.length; i++) {
        const row = batch[i];
        const values: unknown[] = new Array(columns.length);
        for (let c = 0; c < columns.length; c++) values[c] = columns[c]!.value(row, lang);
        lines[i] = values;
      }
      await writer.write(lines);
      written += batch.length;
      if (written - reportedAt >= PROGRESS_EVERY_ROWS || Date.now() - lastReport > PROGRESS_EVERY_MS) {
        lastReport = Date.now();
        reportedAt = written;
        await report();
        if (lost) throw new Error('export task taken over by another worker');
      }
    }
    await writer.close();
    writer = undefined;
    await deps.store.putFile(relative, file, CONTENT_TYPES[claimed.format]!);
    stored = true;
    const done = await guarded()
      .set({
        status: EXPORT_STATUS.done,
        progress: 100,
        rows_written: written,
        rows_total: written,
        file_path: relative,
        heartbeat_at: sql<Date>`now()`,
        finished_at: sql<Date>`now()`,
      })
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) await deps.store.remove(relative);
  } catch (error) {
    await writer?.close().catch(() => undefined);
    await rm(file, { force: true }).catch(() => undefined);
    if (stored) await deps.store.remove(relative).catch(() => undefined);
    if (!lost) {
      deps.log.error({ err: error, taskId }, 'export failed');
      await guarded()
        .set({ status: EXPORT_STATUS.failed, error_note: 'export failed', finished_at: sql<Date>`now()` })
        .execute()
        .catch(() => undefined);
    }
  } finally {
    clearInterval(beat);
  }
}

/**
 * Running tasks whose worker stopped reporting (a killed or frozen process) go back to waiting
 * and get a new job, one guarded update each, so when several instances look at once each task
 * is handed on once. The file is written again from the start.
 */
export async function requeueStaleExports(deps: ExportDeps): Promise<number[]> {
  await deps.jobs.prepare(EXPORT_QUEUE);
  const stale = await transaction(deps.db, async (tx) => {
    const rows = await tx
      .updateTable('export_tasks')
      .set({ status: EXPORT_STATUS.waiting, progress: 0, worker: '' })
      .where('status', '=', EXPORT_STATUS.running)
      .where('heartbeat_at', '<', sql<Date>`now() - make_interval(secs => ${deps.staleSeconds})`)
      .returning('id')
      .execute();
    for (const { id } of rows) await deps.jobs.send(EXPORT_QUEUE, { taskId: id }, { db: tx });
    return rows;
  });
  if (stale.length > 0) deps.log.warn({ tasks: stale.map((t) => t.id) }, 'exports of a stopped worker queued again');
  return stale.map((t) => t.id);
}

/** A working file's name: `<task>-<claim>.<ext>`, in a directory per tenant. */
const WORK_FILE = /^(\d{1,19})-(\d{1,10})\.(csv|xlsx)$/;

/**
 * Removes the working files a killed worker left behind: those untouched for longer than the
 * stale window whose task is not running under the claim in their name. A running task's file
 * is kept even when it sits still (a slow count or page); a task handed on writes under a new
 * claim, so its old file goes. Run when a worker starts. Answers the files removed.
 */
export async function removeStaleWorkFiles(
  deps: Pick<ExportDeps, 'db' | 'workDir' | 'staleSeconds'>,
): Promise<string[]> {
  const cutoff = Date.now() - deps.staleSeconds * 1000;
  const old: { file: string; taskId: number; claim: number }[] = [];
  const tenants = await readdir(deps.workDir, { withFileTypes: true }).catch(() => []);
  for (const tenant of tenants) {
    if (!tenant.isDirectory()) continue;
    const dir = path.join(deps.workDir, tenant.name);
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      const match = WORK_FILE.exec(name);
      if (!match) continue;
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => undefined);
      if (info?.isFile() && info.mtimeMs < cutoff)
        old.push({ file, taskId: Number(match[1]), claim: Number(match[2]) });
    }
  }
  if (old.length === 0) return [];
  const running = await deps.db
    .selectFrom('export_tasks')
    .select(['id', 'claim'])
    .where('status', '=', EXPORT_STATUS.running)
    .where('id', 'in', [...new Set(old.map((f) => f.taskId))])
    .execute();
  const live = new Set(running.map((t) => `${t.id}-${t.claim}`));
  const removed: string[] = [];
  for (const { file, taskId, claim } of old) {
    if (live.has(`${taskId}-${claim}`)) continue;
    await rm(file, { force: true });
    removed.push(file);
  }
  return removed;
}
