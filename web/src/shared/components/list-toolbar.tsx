import { SearchOutlined } from '@ant-design/icons';
import { Button, Input, Switch } from 'antd';
import type { ReactNode } from 'react';
import styles from './list-toolbar.module.css';

type Props = {
  /** Prefix of the data-testids: `<p>-search-name`, `<p>-search`, `<p>-reset`, `<p>-show-disabled`. */
  testId: string;
  draft: string;
  onDraftChange: (value: string) => void;
  onSearch: () => void;
  onReset: () => void;
  maxLength: number;
  showDisabled: boolean;
  onShowDisabledChange: (on: boolean) => void;
  labels: { placeholder: string; search: string; reset: string; showDisabled: string };
  /** The create button on the right. */
  action?: ReactNode;
};

/**
 * The filter bar of the contract's management lists: a name search with search and reset buttons,
 * a 'show disabled' switch, and the list's create button.
 */
export function ListToolbar(props: Props) {
  const { testId, labels } = props;
  return (
    <div className={styles.toolbar}>
      <div className={styles.filters}>
        <Input
          className={styles.search}
          value={props.draft}
          maxLength={props.maxLength}
          allowClear
          placeholder={labels.placeholder}
          aria-label={labels.placeholder}
          onChange={(e) => props.onDraftChange(e.target.value)}
          onPressEnter={props.onSearch}
          data-testid={`${testId}-search-name`}
        />
        <Button type="primary" icon={<SearchOutlined />} onClick={props.onSearch} data-testid={`${testId}-search`}>
          {labels.search}
        </Button>
        <Button onClick={props.onReset} data-testid={`${testId}-reset`}>
          {labels.reset}
        </Button>
        <label className={styles.switch}>
          <Switch
            size="small"
            checked={props.showDisabled}
            onChange={props.onShowDisabledChange}
            data-testid={`${testId}-show-disabled`}
          />
          {labels.showDisabled}
        </label>
      </div>
      {props.action}
    </div>
  );
}
