import type { TAuditEntry } from '@seller-centre/contract/audit';

/**
 * Turns an audit entry's before and after states (JSON the server recorded) into rows a person
 * can read: one per field, in a fixed order (see FIELD_ORDER), each marked changed or not.
 * Data authority arrives as a list of `{data_menu_id, auth_type, items}`; each data area
 * becomes its own row (`dataMenu.<id>`) so a change to one area is not buried in the list.
 */

export type DiffRow = {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
};

export type DataAuthorityValue = { auth_type: number; items: number[] };

const DATA_MENU_PREFIX = 'dataMenu.';

export function isDataMenuField(field: string): boolean {
  return field.startsWith(DATA_MENU_PREFIX);
}

export function dataMenuIdOf(field: string): number {
  return Number(field.slice(DATA_MENU_PREFIX.length));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isDataAuthorityList(value: unknown): value is { data_menu_id: number; auth_type: number; items: unknown }[] {
  return Array.isArray(value) && value.every((item) => isRecord(item) && typeof item.data_menu_id === 'number');
}

function flatten(value: unknown): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (isDataAuthorityList(value)) {
    for (const item of value) {
      out.set(`${DATA_MENU_PREFIX}${item.data_menu_id}`, {
        auth_type: item.auth_type,
        items: Array.isArray(item.items) ? item.items.map(Number) : [],
      } satisfies DataAuthorityValue);
    }
  } else if (isRecord(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (key === 'data_authority' && isDataAuthorityList(child)) {
        for (const [area, setting] of flatten(child)) out.set(area, setting);
      } else {
        out.set(key, child);
      }
    }
  } else if (value !== null && value !== undefined) {
    out.set('value', value);
  }
  return out;
}

/** Equal as JSON, with number lists compared as sets (the server sorts them, but be safe). */
function sameValue(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) =>
    Array.isArray(v) && v.every((x) => typeof x === 'number') ? [...(v as number[])].sort((x, y) => x - y) : v;
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

/**
 * The order fields are shown in, as the management screens show them: the database stores the
 * states as jsonb, which does not keep the order they were written in. Data areas follow, by
 * id; anything else after them.
 */
const FIELD_ORDER = [
  'name',
  'describe',
  'status',
  'function_menu_ids',
  'user_name',
  'area',
  'user_mobile',
  'auth_role_id',
  'system_list',
  'password_changed',
  'sessions_revoked',
];

function fieldRank(field: string): number {
  const known = FIELD_ORDER.indexOf(field);
  if (known >= 0) return known;
  if (isDataMenuField(field)) return FIELD_ORDER.length + dataMenuIdOf(field) / 1000;
  return FIELD_ORDER.length + 1;
}

export function diffEntry(entry: Pick<TAuditEntry, 'before' | 'after'>): DiffRow[] {
  const before = flatten(entry.before);
  const after = flatten(entry.after);
  const fields = [...new Set([...before.keys(), ...after.keys()])].sort((a, b) => fieldRank(a) - fieldRank(b));
  return fields.map((field) => {
    const b = before.get(field);
    const a = after.get(field);
    return { field, before: b, after: a, changed: !sameValue(b, a) };
  });
}

/** Ids added to and removed from a list (a role's permissions, an employee's systems). */
export function listChange(before: unknown, after: unknown): { added: number[]; removed: number[] } {
  const from = new Set(Array.isArray(before) ? before.map(Number) : []);
  const to = new Set(Array.isArray(after) ? after.map(Number) : []);
  return {
    added: [...to].filter((id) => !from.has(id)),
    removed: [...from].filter((id) => !to.has(id)),
  };
}

/** The name a target had at the time, when the entry recorded it (role name, user name). */
export function targetNameOf(entry: Pick<TAuditEntry, 'before' | 'after'>): string | undefined {
  for (const state of [entry.after, entry.before]) {
    if (!isRecord(state)) continue;
    for (const key of ['name', 'user_name']) {
      const value = state[key];
      if (typeof value === 'string' && value.trim() !== '') return value;
    }
  }
  return undefined;
}
