import { describe, expect, it } from 'vitest';
import { diffEntry, listChange, targetNameOf } from './audit-diff.ts';

describe('diffEntry', () => {
  it('lists a created role field by field in a fixed order, nothing before', () => {
    // jsonb hands the keys back in its own order.
    const rows = diffEntry({
      before: null,
      after: { name: 'Ops', status: 1, describe: '', function_menu_ids: [1, 2] },
    });
    expect(rows.map((r) => r.field)).toEqual(['name', 'describe', 'status', 'function_menu_ids']);
    expect(rows.every((r) => r.before === undefined && r.changed)).toBe(true);
  });

  it('marks only the fields that changed', () => {
    const rows = diffEntry({ before: { name: 'A', describe: 'x' }, after: { name: 'B', describe: 'x' } });
    expect(rows).toEqual([
      { field: 'name', before: 'A', after: 'B', changed: true },
      { field: 'describe', before: 'x', after: 'x', changed: false },
    ]);
  });

  it('splits data authority into one row per data area', () => {
    const rows = diffEntry({
      before: [{ data_menu_id: 11, auth_type: 1, items: [] }],
      after: [
        { data_menu_id: 11, auth_type: 2, items: [3, 5] },
        { data_menu_id: 12, auth_type: 1, items: [] },
      ],
    });
    expect(rows.map((r) => [r.field, r.changed])).toEqual([
      ['dataMenu.11', true],
      ['dataMenu.12', true],
    ]);
    expect(rows[0]?.after).toEqual({ auth_type: 2, items: [3, 5] });
  });

  it('expands the data authority inside a created employee', () => {
    const rows = diffEntry({
      before: null,
      after: {
        area: '86',
        data_authority: [
          { data_menu_id: 18, auth_type: 1, items: [] },
          { data_menu_id: 11, auth_type: 1, items: [] },
        ],
        user_name: 'e',
        x_unknown: 1,
      },
    });
    expect(rows.map((r) => r.field)).toEqual(['user_name', 'area', 'dataMenu.11', 'dataMenu.18', 'x_unknown']);
  });

  it('compares number lists as sets', () => {
    expect(diffEntry({ before: { system_list: [2, 1] }, after: { system_list: [1, 2] } })[0]?.changed).toBe(false);
  });
});

describe('listChange', () => {
  it('answers what was added and removed', () => {
    expect(listChange([1, 2, 3], [2, 3, 4])).toEqual({ added: [4], removed: [1] });
    expect(listChange(undefined, [7])).toEqual({ added: [7], removed: [] });
  });
});

describe('targetNameOf', () => {
  it('finds the role or user name the entry recorded', () => {
    expect(targetNameOf({ before: null, after: { name: 'Ops' } })).toBe('Ops');
    expect(targetNameOf({ before: { name: 'Old' }, after: null })).toBe('Old');
    expect(targetNameOf({ before: null, after: { user_name: 'amy' } })).toBe('amy');
    expect(targetNameOf({ before: { status: 1 }, after: { status: 0 } })).toBeUndefined();
  });
});
