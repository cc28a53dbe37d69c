import type { TOpsPlatform, TOpsTopUp, TOpsValueAdded } from '@seller-centre/contract/ops';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Switch, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../shared/components/data-table.tsx';
import { LocalTable } from '../../../shared/list/server-table.tsx';
import { notify } from '../../../shared/notify.ts';
import { catalogueKey, catalogueQuery, saveCatalogueChange, type CatalogueChange } from './catalogue-api.ts';
import { useOpsCan } from '../../../shared/ops/ops-can.ts';

const YUAN = /^(0|[1-9]\d{0,8})(\.\d{1,2})?$/;

type PriceField = { name: string; label: string; value: string };
type Editing = { title: string; fields: PriceField[]; save: (values: Record<string, string>) => CatalogueChange };

/** Plan prices, value-added packages and top-up amounts: what sellers can buy, at what price. */
export default function CataloguePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const catalogue = useQuery(catalogueQuery);
  // Every role reads the catalogue; only the 'catalogue' permission changes it.
  const editable = useOpsCan()('catalogue');
  const [editing, setEditing] = useState<Editing>();
  const [form] = Form.useForm<Record<string, string>>();
  const save = useMutation({
    mutationFn: saveCatalogueChange,
    onSuccess: () => {
      notify.success(t('ops.catalogue.saved'));
      setEditing(undefined);
      return queryClient.invalidateQueries({ queryKey: catalogueKey });
    },
  });

  const edit = (next: Editing) => {
    form.setFieldsValue(Object.fromEntries(next.fields.map((f) => [f.name, f.value])));
    setEditing(next);
  };

  const enabledColumn = <R extends { enabled: boolean }>(
    change: (row: R, enabled: boolean) => CatalogueChange,
    label: (row: R) => string,
  ): DataColumn<R> => ({
    title: t('ops.catalogue.columns.enabled'),
    key: 'enabled',
    width: 110,
    render: (_: unknown, row: R) => (
      <Switch
        checked={row.enabled}
        aria-label={`${t('ops.catalogue.columns.enabled')} ${label(row)}`}
        disabled={!editable}
        onChange={(on) => save.mutate(change(row, on))}
      />
    ),
  });

  const platformColumns: DataColumn<TOpsPlatform>[] = [
    { title: t('ops.catalogue.columns.platform'), dataIndex: 'platform', width: 160 },
    {
      title: t('ops.catalogue.columns.system'),
      dataIndex: 'system',
      width: 100,
      render: (s: number) => (s === 1 ? t('coupons.system.erp') : t('coupons.system.selection')),
    },
    {
      title: t('ops.catalogue.columns.shopMonthPrice'),
      dataIndex: 'shop_month_price',
      width: 150,
      render: (v: string) => `¥${v}`,
    },
    {
      title: t('ops.catalogue.columns.shopNumbers'),
      dataIndex: 'shop_numbers',
      render: (v: number[]) => v.join(' / '),
    },
    {
      title: t('ops.catalogue.columns.cycles'),
      dataIndex: 'cycles',
      render: (v: TOpsPlatform['cycles']) =>
        v.map((c) => t('ops.catalogue.cycle', { months: c.months, percent: c.price_percent })).join(' · '),
    },
    enabledColumn<TOpsPlatform>(
      (p, enabled) => ({ kind: 'platform', id: p.ppi_id, body: { enabled } }),
      (p) => p.platform,
    ),
    {
      title: t('ops.coupons.columns.actions'),
      key: 'actions',
      width: 100,
      render: (_, p) => (
        <Button
          type="link"
          size="small"
          data-testid={`ops-edit-platform-${p.ppi_id}`}
          onClick={() =>
            edit({
              title: p.platform,
              fields: [
                {
                  name: 'shop_month_price',
                  label: t('ops.catalogue.columns.shopMonthPrice'),
                  value: p.shop_month_price,
                },
              ],
              save: (v) => ({ kind: 'platform', id: p.ppi_id, body: { shop_month_price: v.shop_month_price } }),
            })
          }
        >
          {t('ops.catalogue.edit')}
        </Button>
      ),
    },
  ];

  const valueAddedColumns: DataColumn<TOpsValueAdded>[] = [
    { title: t('ops.catalogue.columns.category'), dataIndex: 'category', width: 130 },
    { title: t('ops.catalogue.columns.service'), dataIndex: 'service', width: 180 },
    {
      title: t('ops.catalogue.columns.package'),
      dataIndex: 'package_name',
      render: (name: string, v) => (
        <>
          {name}
          {v.default_company_only ? (
            <Tag bordered={false} color="purple" style={{ marginInlineStart: 8 }}>
              {t('ops.catalogue.defaultCompanyOnly')}
            </Tag>
          ) : null}
        </>
      ),
    },
    { title: t('ops.catalogue.columns.price'), dataIndex: 'price', width: 120, render: (v: string) => `¥${v}` },
    {
      title: t('ops.catalogue.columns.retailPrice'),
      dataIndex: 'retail_price',
      width: 120,
      render: (v: string) => `¥${v}`,
    },
    enabledColumn<TOpsValueAdded>(
      (v, enabled) => ({ kind: 'valueAdded', id: v.package_pay_id, body: { enabled } }),
      (v) => `${v.service} ${v.package_name}`,
    ),
    {
      title: t('ops.coupons.columns.actions'),
      key: 'actions',
      width: 100,
      render: (_, v) => (
        <Button
          type="link"
          size="small"
          data-testid={`ops-edit-value-added-${v.package_pay_id}`}
          onClick={() =>
            edit({
              title: `${v.service} · ${v.package_name}`,
              fields: [
                { name: 'price', label: t('ops.catalogue.columns.price'), value: v.price },
                { name: 'retail_price', label: t('ops.catalogue.columns.retailPrice'), value: v.retail_price },
              ],
              save: (values) => ({
                kind: 'valueAdded',
                id: v.package_pay_id,
                body: { price: values.price, retail_price: values.retail_price },
              }),
            })
          }
        >
          {t('ops.catalogue.edit')}
        </Button>
      ),
    },
  ];

  const topUpColumns: DataColumn<TOpsTopUp>[] = [
    { title: t('ops.coupons.columns.id'), dataIndex: 'id', width: 80 },
    { title: t('ops.catalogue.columns.amount'), dataIndex: 'amount', render: (v: string) => `¥${v}` },
    enabledColumn<TOpsTopUp>(
      (row, enabled) => ({ kind: 'topUp', id: row.id, body: { enabled } }),
      (row) => `¥${row.amount}`,
    ),
    {
      title: t('ops.coupons.columns.actions'),
      key: 'actions',
      width: 100,
      render: (_, row) => (
        <Button
          type="link"
          size="small"
          data-testid={`ops-edit-top-up-${row.id}`}
          onClick={() =>
            edit({
              title: `¥${row.amount}`,
              fields: [{ name: 'amount', label: t('ops.catalogue.columns.amount'), value: row.amount }],
              save: (values) => ({ kind: 'topUp', id: row.id, body: { amount: values.amount } }),
            })
          }
        >
          {t('ops.catalogue.edit')}
        </Button>
      ),
    },
  ];

  const shown = <R,>(columns: DataColumn<R>[]) =>
    editable ? columns : columns.filter((column) => column.key !== 'actions');

  const data = catalogue.data;
  return (
    <>
      <Tabs
        items={[
          {
            key: 'platforms',
            label: t('ops.catalogue.tabs.platforms'),
            children: (
              <LocalTable<TOpsPlatform>
                query={catalogue}
                rows={data?.platforms}
                rowKey="ppi_id"
                columns={shown(platformColumns)}
                caption={t('ops.catalogue.tabs.platforms')}
                data-testid="ops-platform-table"
              />
            ),
          },
          {
            key: 'valueAdded',
            label: t('ops.catalogue.tabs.valueAdded'),
            children: (
              <LocalTable<TOpsValueAdded>
                query={catalogue}
                rows={data?.value_added}
                rowKey="package_pay_id"
                columns={shown(valueAddedColumns)}
                caption={t('ops.catalogue.tabs.valueAdded')}
                data-testid="ops-value-added-table"
              />
            ),
          },
          {
            key: 'topUps',
            label: t('ops.catalogue.tabs.topUps'),
            children: (
              <LocalTable<TOpsTopUp>
                query={catalogue}
                rows={data?.top_ups}
                rowKey="id"
                columns={shown(topUpColumns)}
                caption={t('ops.catalogue.tabs.topUps')}
                data-testid="ops-top-up-table"
              />
            ),
          },
        ]}
      />
      <Modal
        open={Boolean(editing)}
        title={t('ops.catalogue.editTitle', { name: editing?.title ?? '' })}
        okText={t('ops.catalogue.save')}
        cancelText={t('ops.common.cancel')}
        onCancel={() => setEditing(undefined)}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={(values) => editing && save.mutate(editing.save(values))}>
          {editing?.fields.map((field) => (
            <Form.Item
              key={field.name}
              name={field.name}
              label={field.label}
              rules={[
                { required: true, whitespace: true, message: t('ops.coupons.rules.amount') },
                { pattern: YUAN, message: t('ops.coupons.rules.amount') },
              ]}
            >
              <Input prefix="¥" inputMode="decimal" maxLength={12} data-testid={`ops-price-${field.name}`} />
            </Form.Item>
          ))}
        </Form>
      </Modal>
    </>
  );
}
