import { Checkbox, Empty, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { setGroupChosen, type ChoiceGroup } from '../account-rules.ts';
import styles from './grouped-checklist.module.css';

type Props = {
  groups: readonly ChoiceGroup[];
  value?: number[];
  onChange?: (value: number[]) => void;
  /** data-testid prefix: `<prefix>-<id>` for an item, `<prefix>-group-<key>` for a group's box. */
  testId: string;
  disabled?: boolean;
  loading?: boolean;
};

/**
 * A picker of items in labelled groups (shops by platform): one box per group that ticks the
 * whole group, one per item. Works as a Form control (value/onChange).
 */
export function GroupedChecklist({ groups, value = [], onChange, testId, disabled, loading }: Props) {
  const { t } = useTranslation();
  const chosen = new Set(value);
  const total = groups.reduce((n, g) => n + g.items.length, 0);
  const chosenCount = groups.reduce((n, g) => n + g.items.filter((i) => chosen.has(i.id)).length, 0);
  if (loading) {
    return (
      <div className={styles.loading}>
        <Spin size="small" />
      </div>
    );
  }
  if (!total) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('employees.picker.empty')} />;
  }
  const labelled = groups.some((g) => g.label);
  return (
    <div className={styles.box} data-testid={testId}>
      <div className={styles.summary}>
        <Typography.Text type="secondary">
          {t('employees.picker.chosen', { chosen: chosenCount, total })}
        </Typography.Text>
      </div>
      {groups.map((group) => {
        const ids = group.items.map((i) => i.id);
        const count = ids.filter((id) => chosen.has(id)).length;
        return (
          <div key={group.key} className={labelled ? styles.group : styles.flat}>
            {labelled ? (
              <div className={styles.groupHead}>
                <Checkbox
                  checked={count === ids.length}
                  indeterminate={count > 0 && count < ids.length}
                  disabled={disabled}
                  onChange={(e) => onChange?.(setGroupChosen(value, ids, e.target.checked))}
                  data-testid={`${testId}-group-${group.key}`}
                >
                  <span className={styles.groupLabel}>{group.label}</span>
                </Checkbox>
              </div>
            ) : null}
            <div className={styles.items}>
              {group.items.map((item) => (
                <Checkbox
                  key={item.id}
                  checked={chosen.has(item.id)}
                  disabled={disabled}
                  onChange={(e) => onChange?.(setGroupChosen(value, [item.id], e.target.checked))}
                  data-testid={`${testId}-${item.id}`}
                >
                  {item.name}
                </Checkbox>
              ))}
            </div>
          </div>
        );
      })}
    </div>
  );
}
