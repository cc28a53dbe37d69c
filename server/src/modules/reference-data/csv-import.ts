import { transaction, type Db } from '../../db/client.ts';
import { CsvError, parseCsv } from '../../platform/csv.ts';
import { findMainAccount as findAccount } from '../accounts/service.ts';
import {
  findPlatforms,
  insertShopIfMissing,
  insertWarehouseIfMissing,
  nextPlatformSort,
  upsertPlatform,
} from './repository.ts';

/**
 * Import of reference data from CSV (scripts/import-reference-data.ts). One row per record:
 *
 *   kind,platform,name
 *   platform,coupang,Coupang          a platform: its code and display name
 *   shop,coupang,Coupang KR Main      a shop on a platform (defined above or already present)
 *   warehouse,,Shenzhen Warehouse     a warehouse
 *
 * Existing records are left as they are (a platform's name is updated), so importing the same
 * file twice changes nothing. The whole file is one transaction: any bad row imports nothing.
 */

export type ImportRow = { line: number; kind: 'platform' | 'shop' | 'warehouse'; platform: string; name: string };
export type ImportSummary = { platforms: number; shops: number; warehouses: number; unchanged: number };

/** The import's refusal: a file that does not parse, or lines that do not check. */
export { CsvError as CsvImportError, parseCsv };

const PLATFORM_CODE = /^[A-Za-z0-9_.-]{1,32}$/;

/** Checks every row; throws one error listing every bad line. */
export function readImportRows(text: string): ImportRow[] {
  const [header, ...rows] = parseCsv(text);
  const columns = header?.map((h) => h.trim().toLowerCase());
  if (!columns || columns.join(',') !== 'kind,platform,name') {
    throw new CsvError('the first line must be the header "kind,platform,name"');
  }
  const problems: string[] = [];
  const out: ImportRow[] = [];
  rows.forEach((cells, index) => {
    const line = index + 2;
    const [kind = '', platform = '', name = ''] = cells.map((c) => c.trim());
    if (cells.length > 3) problems.push(`line ${line}: expected 3 columns, found ${cells.length}`);
    else if (kind !== 'platform' && kind !== 'shop' && kind !== 'warehouse') {
      problems.push(`line ${line}: kind must be platform, shop or warehouse`);
    } else if (kind !== 'warehouse' && !PLATFORM_CODE.test(platform)) {
      problems.push(`line ${line}: platform code must be 1-32 letters, digits, '_', '.' or '-'`);
    } else if (!name || name.length > (kind === 'platform' ? 64 : 128)) {
      problems.push(`line ${line}: name is required and at most ${kind === 'platform' ? 64 : 128} characters`);
    } else out.push({ line, kind, platform, name });
  });
  if (problems.length) throw new CsvError(problems.join('\n'));
  return out;
}

/** Resolves a main account by id or user name; employees are refused. */
export async function findMainAccount(
  db: Db,
  idOrName: string,
): Promise<{ id: number; user_name: string } | undefined> {
  const row = await findAccount(db, idOrName);
  return row ? { id: row.id, user_name: row.user_name ?? row.phone_number } : undefined;
}

export async function importReferenceData(db: Db, tenantId: number, rows: readonly ImportRow[]): Promise<ImportSummary> {
  return transaction(db, async (tx) => {
    const summary: ImportSummary = { platforms: 0, shops: 0, warehouses: 0, unchanged: 0 };
    const known = new Set((await findPlatforms(tx, tenantId)).map((r) => r.code));
    for (const row of rows) {
      if (row.kind === 'platform') {
        const inserted = await upsertPlatform(tx, tenantId, row.platform, row.name, await nextPlatformSort(tx, tenantId));
        known.add(row.platform);
        if (inserted) summary.platforms++;
        else summary.unchanged++;
      } else if (row.kind === 'shop') {
        if (!known.has(row.platform)) {
          throw new CsvError(`line ${row.line}: unknown platform "${row.platform}" (add a platform row first)`);
        }
        if ((await insertShopIfMissing(tx, tenantId, row.platform, row.name)) !== null) summary.shops++;
        else summary.unchanged++;
      } else if ((await insertWarehouseIfMissing(tx, tenantId, row.name)) !== null) summary.warehouses++;
      else summary.unchanged++;
    }
    return summary;
  });
}
