import { SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPickerValue, rangePickerPresets, toPickerValue } from '../../shared/list/date-ranges.ts';
import type { DateRange } from '../../shared/list/list-state.ts';
import { useSearchDraft } from '../../shared/list/use-search-draft.ts';
import styles from './bills.module.css';

type Props = {
  /** Prefix of the data-testids. */
  testId: string;
  /** The searched code (order code or order id) and its label. */
  code: string;
  codeLabel: string;
  onSearch: (code: string) => void;
  range: DateRange;
  onRangeChange: (range: DateRange) => void;
  onReset: () => void;
  /** The bill's choice filters, between the code and the dates. */
  children?: ReactNode;
};

/** A bill's filter bar: a code searched on Enter or 'search', choices, a day range, reset. */
export function BillFilters({ testId, code, codeLabel, onSearch, range, onRangeChange, onReset, children }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useSearchDraft(code);
  return (
    <div className={styles.filters} role="search" data-testid={`${testId}-filters`}>
      <Input
        className={styles.search}
        value={draft}
        maxLength={64}
        allowClear
        placeholder={codeLabel}
        aria-label={codeLabel}
        onChange={(e) => setDraft(e.target.value)}
        onPressEnter={() => onSearch(draft.trim())}
        data-testid={`${testId}-code`}
      />
      {children}
      <DatePicker.RangePicker
        className={styles.range}
        value={toPickerValue(range)}
        onChange={(value) => onRangeChange(fromPickerValue(value))}
        presets={rangePickerPresets((key) => t(`list.ranges.${key}`))}
        placeholder={[t('bills.filters.from'), t('bills.filters.to')]}
        aria-label={t('bills.filters.createdRange')}
        data-testid={`${testId}-range`}
      />
      <Button
        type="primary"
        icon={<SearchOutlined />}
        onClick={() => onSearch(draft.trim())}
        data-testid={`${testId}-search`}
      >
        {t('bills.filters.search')}
      </Button>
      <Button onClick={onReset} data-testid={`${testId}-reset`}>
        {t('bills.filters.reset')}
      </Button>
    </div>
  );
}
