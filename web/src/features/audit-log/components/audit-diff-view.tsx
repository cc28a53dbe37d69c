import { ArrowRightOutlined } from '@ant-design/icons';
import type { TAuditEntry } from '@seller-centre/contract/audit';
import type { TLanguage } from '@seller-centre/contract/i18n';
import { DATA_AUTHORITY_TABS } from '@seller-centre/contract/employees';
import { PERMISSION_CATALOGUE, type TCatalogueNode, type TLocalizedName } from '@seller-centre/contract/permissions';
import { Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n.ts';
import {
  dataMenuIdOf,
  diffEntry,
  isDataMenuField,
  listChange,
  type DataAuthorityValue,
  type DiffRow,
} from '../audit-diff.ts';
import styles from '../audit-log-page.module.css';

/** Permission and data-area names by id, in every language. */
const PERMISSION_NAMES = (() => {
  const out = new Map<number, TCatalogueNode['name']>();
  const visit = (node: TCatalogueNode) => {
    out.set(node.id, node.name);
    node.child_list.forEach(visit);
  };
  PERMISSION_CATALOGUE.forEach(visit);
  return out;
})();
const DATA_MENU_NAMES = new Map<number, TLocalizedName>(
  DATA_AUTHORITY_TABS.flatMap((tab) => tab.child_list.map((c): [number, TLocalizedName] => [c.id, c.name])),
);

/** Lists of ids whose additions and removals are worth naming one by one. */
const LIST_FIELDS = new Set(['function_menu_ids', 'system_list']);

type Format = { t: TFunction; language: TLanguage; roleNames: Record<string, string> };

function fieldLabel(field: string, { t, language }: Format): string {
  if (isDataMenuField(field)) {
    const id = dataMenuIdOf(field);
    return DATA_MENU_NAMES.get(id)?.[language] ?? t('audit-log.fields.dataMenu', { id });
  }
  return t(`audit-log.fields.${field}`, { defaultValue: field });
}

function idName(field: string, id: number, { t, language }: Format): string {
  if (field === 'function_menu_ids') return PERMISSION_NAMES.get(id)?.[language] ?? `#${id}`;
  if (field === 'system_list') return t(`employees.systems.${id}`, { defaultValue: `#${id}` });
  return String(id);
}

function formatValue(field: string, value: unknown, format: Format): ReactNode {
  const { t } = format;
  if (value === undefined || value === null || value === '')
    return <Typography.Text type="secondary">-</Typography.Text>;
  if (isDataMenuField(field)) {
    const setting = value as DataAuthorityValue;
    const type = t(`audit-log.authTypes.${setting.auth_type}`, { defaultValue: String(setting.auth_type) });
    return setting.auth_type === 2 ? `${type} (${t('audit-log.values.items', { count: setting.items.length })})` : type;
  }
  if (field === 'status') return t(value === 1 ? 'audit-log.values.enabled' : 'audit-log.values.disabled');
  if (field === 'auth_role_id') return format.roleNames[String(value)] ?? t('audit-log.values.deleted');
  if (field === 'function_menu_ids' && Array.isArray(value)) {
    return t('audit-log.values.permissions', { count: value.length });
  }
  if (field === 'system_list' && Array.isArray(value)) {
    return value.length ? value.map((id) => idName(field, Number(id), format)).join(', ') : '-';
  }
  if (typeof value === 'boolean') return t(value ? 'audit-log.values.yes' : 'audit-log.values.no');
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** What was added to and removed from a list, by name. */
function ListChange({ row, format }: { row: DiffRow; format: Format }) {
  const { added, removed } = listChange(row.before, row.after);
  if (!added.length && !removed.length) return null;
  return (
    <div className={styles.listChange}>
      {added.length ? (
        <div>
          <Typography.Text type="secondary">{format.t('audit-log.details.added')}</Typography.Text>
          {added.map((id) => (
            <Tag key={id} color="success" bordered={false}>
              {idName(row.field, id, format)}
            </Tag>
          ))}
        </div>
      ) : null}
      {removed.length ? (
        <div>
          <Typography.Text type="secondary">{format.t('audit-log.details.removed')}</Typography.Text>
          {removed.map((id) => (
            <Tag key={id} color="error" bordered={false}>
              {idName(row.field, id, format)}
            </Tag>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** An entry's before → after, one line per field; unchanged fields are shown muted. */
export function AuditDiffView({ entry }: { entry: TAuditEntry }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const format: Format = { t, language, roleNames: entry.role_names ?? {} };
  const rows = diffEntry(entry);

  if (!rows.length) {
    return <Typography.Text type="secondary">{t('audit-log.details.empty')}</Typography.Text>;
  }
  return (
    <table className={styles.diff} data-testid={`audit-diff-${entry.id}`}>
      <thead>
        <tr>
          <th>{t('audit-log.details.field')}</th>
          <th>{t('audit-log.details.before')}</th>
          <th aria-hidden />
          <th>{t('audit-log.details.after')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.field} className={row.changed ? styles.changed : styles.unchanged}>
            <th scope="row">{fieldLabel(row.field, format)}</th>
            <td>{formatValue(row.field, row.before, format)}</td>
            <td className={styles.arrow}>
              <ArrowRightOutlined />
            </td>
            <td>
              {formatValue(row.field, row.after, format)}
              {row.changed && row.before !== undefined && LIST_FIELDS.has(row.field) ? (
                <ListChange row={row} format={format} />
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
