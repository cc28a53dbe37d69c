import { AUTH_TYPES, DATA_MENUS, type TDataAuthorityTree, type TSubAccount } from '@seller-centre/contract/employees';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Radio, Spin, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../shared/api-client.ts';
import { useLanguage } from '../../../shared/i18n.ts';
import {
  buildDataAuthorityRequest,
  groupChoicesByTag,
  initialDataAuthority,
  type AreaSetting,
  type DataAuthorityState,
} from '../account-rules.ts';
import { dataAuthorityQuery, useSaveDataAuthority } from '../api.ts';
import styles from './data-authority-dialog.module.css';
import { GroupedChecklist } from './grouped-checklist.tsx';

type Props = { account: TSubAccount; onClose: () => void };

/** Employee data authority (docs/product.md), 1200px wide. */
export function DataAuthorityDialog({ account, onClose }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useQuery(dataAuthorityQuery(account.user_id, language));
  return (
    <Modal
      open
      width={1200}
      title={t('employees.dataAuthority.title', { name: account.user_name })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      modalRender={(node) => <div data-testid="data-authority-dialog">{node}</div>}
    >
      {query.isPending ? (
        <div className={styles.loading}>
          <Spin />
        </div>
      ) : query.isError ? (
        <Alert type="error" showIcon title={t('employees.dataAuthority.loadFailed')} />
      ) : (
        <DataAuthorityEditor key={query.dataUpdatedAt} account={account} tree={query.data} onClose={onClose} />
      )}
    </Modal>
  );
}

/** The label of the 'selected items' choice names what is chosen (item 18: employees). */
function selectedLabelKey(dataMenuId: number): string {
  if (dataMenuId === DATA_MENUS.shops) return 'employees.dataAuthority.types.selectedShops';
  if (dataMenuId === DATA_MENUS.warehouses) return 'employees.dataAuthority.types.selectedWarehouses';
  if (dataMenuId === DATA_MENUS.employees) return 'employees.dataAuthority.types.selectedEmployees';
  return 'employees.dataAuthority.types.selected';
}

function DataAuthorityEditor({
  account,
  tree,
  onClose,
}: {
  account: TSubAccount;
  tree: TDataAuthorityTree;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [state, setState] = useState<DataAuthorityState>(() => initialDataAuthority(tree));
  const [activeTab, setActiveTab] = useState(tree[0]?.code ?? '');
  const save = useSaveDataAuthority();

  const update = (id: number, patch: Partial<AreaSetting>) =>
    setState((s) => ({ ...s, [id]: { ...(s[id] ?? { authType: 0, items: [] }), ...patch } }));

  const submit = () => {
    const check = buildDataAuthorityRequest(account.user_id, tree, state);
    if (!check.ok) {
      if (check.tabCode) setActiveTab(check.tabCode);
      message.warning(t(`employees.form.${check.message}`));
      return;
    }
    save.mutate(check.request, {
      onSuccess: () => {
        message.success(t('employees.messages.dataAuthoritySaved'));
        onClose();
      },
      onError: (error) => message.warning((error as ApiError).msg ?? error.message),
    });
  };

  return (
    <>
      <Typography.Paragraph type="secondary" className={styles.hint}>
        {t('employees.dataAuthority.hint')}
      </Typography.Paragraph>
      <Tabs
        tabPlacement="start"
        className={styles.tabs}
        activeKey={activeTab}
        onChange={setActiveTab}
        items={tree.map((tab) => ({
          key: tab.code,
          label: <span data-testid={`data-tab-${tab.code}`}>{tab.name}</span>,
          children: (
            <div className={styles.pane}>
              {tab.child_list.map((area) => (
                <AreaEditor
                  key={area.id}
                  area={area}
                  setting={state[area.id] ?? { authType: 0, items: [] }}
                  onChange={(patch) => update(area.id, patch)}
                />
              ))}
            </div>
          ),
        }))}
      />
      <div className={styles.footer}>
        <Button onClick={onClose}>{t('employees.actions.cancel')}</Button>
        <Button type="primary" loading={save.isPending} onClick={submit} data-testid="data-authority-save">
          {t('employees.actions.save')}
        </Button>
      </div>
    </>
  );
}

type Area = TDataAuthorityTree[number]['child_list'][number];

function AreaEditor({
  area,
  setting,
  onChange,
}: {
  area: Area;
  setting: AreaSetting;
  onChange: (patch: Partial<AreaSetting>) => void;
}) {
  const { t } = useTranslation();
  const groups = useMemo(() => groupChoicesByTag(area.data), [area.data]);
  const typeLabel = (type: number) =>
    type === AUTH_TYPES.all
      ? t('employees.dataAuthority.types.all')
      : type === AUTH_TYPES.selected
        ? t(selectedLabelKey(area.id))
        : t('employees.dataAuthority.types.own');

  return (
    <section className={styles.area} data-testid={`data-area-${area.id}`}>
      <div className={styles.areaHead}>
        <Typography.Text strong>{area.name}</Typography.Text>
        <Radio.Group
          value={setting.authType || undefined}
          onChange={(e) => onChange({ authType: e.target.value as AreaSetting['authType'] })}
        >
          {area.auth_types.map((type) => (
            <Radio key={type} value={type} data-testid={`data-area-${area.id}-type-${type}`}>
              {typeLabel(type)}
            </Radio>
          ))}
        </Radio.Group>
      </div>
      {setting.authType === 0 ? (
        <Alert type="warning" showIcon title={t('employees.dataAuthority.notSet')} />
      ) : setting.authType === AUTH_TYPES.selected ? (
        <GroupedChecklist
          groups={groups}
          value={setting.items}
          onChange={(items) => onChange({ items })}
          testId={`data-area-${area.id}-items`}
        />
      ) : (
        <Typography.Text type="secondary" className={styles.explain}>
          {setting.authType === AUTH_TYPES.all
            ? t('employees.dataAuthority.explain.all')
            : t('employees.dataAuthority.explain.own')}
        </Typography.Text>
      )}
    </section>
  );
}
