import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Progress, Segmented, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TUserPackage } from '@seller-centre/contract/packages';
import { DataTable, type DataColumn } from '../../../shared/components/data-table.tsx';
import { formatCount } from '../../../shared/format.ts';
import { useReaderTime } from '../../../shared/reader-time.ts';
import { userPackageQuery } from '../api/packages.ts';
import { expiryTone } from '../package-expiry.ts';
import styles from './personal-centre.module.css';

type Platform = TUserPackage['package_platform'][number];
type Added = TUserPackage['package_added'][number];

/** The end and the server's days remaining (the system menu's count, so both pages agree). */
function ExpiryCell({ value, days }: { value: string; days: number }) {
  const { t } = useTranslation();
  const tone = days === 0 ? 'expired' : expiryTone(days);
  const readerTime = useReaderTime();
  return (
    <span className={styles.expiry}>
      <span className={styles.expiryDate}>{readerTime.date(value)}</span>
      <Tag color={tone === 'expired' ? 'error' : tone === 'soon' ? 'warning' : 'success'} className={styles.expiryTag}>
        {tone === 'expired'
          ? t('personal-centre.package.expired')
          : t('personal-centre.package.daysLeft', { count: days })}
      </Tag>
    </span>
  );
}

/** The package tables (docs/product.md "Personal centre page"): platforms with shop quotas, and added-value packages. */
export function PackageCards() {
  const { t } = useTranslation();
  const [system, setSystem] = useState<1 | 2>(1);
  const { data, isPending } = useQuery(userPackageQuery(system));

  const platformColumns: DataColumn<Platform>[] = [
    {
      key: 'platform',
      title: t('personal-centre.package.platform'),
      render: (_, row) => (
        <span className={`${styles.platform} ${styles.nowrap}`}>
          <img src={row.platform_image_url} alt="" width={28} height={28} />
          {row.platform}
        </span>
      ),
    },
    {
      key: 'shop_number',
      title: t('personal-centre.package.shopNumber'),
      align: 'right',
      width: 96,
      render: (_, row) => row.shop_number,
    },
    {
      key: 'surplus_shop_number',
      title: t('personal-centre.package.currentQuota'),
      align: 'right',
      width: 96,
      render: (_, row) => row.surplus_shop_number,
    },
    {
      key: 'expire_at',
      title: t('personal-centre.package.expireAt'),
      width: 196,
      render: (_, row) => <ExpiryCell value={row.expire_at} days={row.days_remaining} />,
    },
  ];

  const addedColumns: DataColumn<Added>[] = [
    {
      key: 'code_name',
      title: t('personal-centre.package.codeName'),
      render: (_, row) => <span className={styles.nowrap}>{row.code_name}</span>,
    },
    {
      key: 'total_num',
      title: t('personal-centre.package.totalNum'),
      align: 'right',
      width: 96,
      render: (_, row) => formatCount(row.total_num),
    },
    {
      key: 'num_used',
      title: t('personal-centre.package.numUsed'),
      width: 132,
      render: (_, { num_used: value, ...row }) => (
        <div className={styles.usage}>
          <span>{formatCount(value)}</span>
          <Progress
            percent={row.total_num > 0 ? Math.min(100, Math.round((value / row.total_num) * 100)) : 0}
            size="small"
            showInfo={false}
            aria-label={t('personal-centre.package.usageOf', {
              name: row.code_name,
              used: formatCount(value),
              total: formatCount(row.total_num),
            })}
            status={row.total_num > 0 && value >= row.total_num ? 'exception' : 'normal'}
          />
        </div>
      ),
    },
  ];

  const systemSwitch = (
    <Segmented<1 | 2>
      size="small"
      value={system}
      onChange={setSystem}
      options={[
        { value: 1, label: t('personal-centre.package.erp') },
        { value: 2, label: t('personal-centre.package.selection') },
      ]}
      data-testid="package-system"
    />
  );

  return (
    <div className={styles.packageRow}>
      <Card
        title={t('personal-centre.package.title')}
        extra={systemSwitch}
        className={`${styles.card} ${styles.packageCard}`}
        data-testid="package-card"
      >
        <DataTable<Platform>
          caption={t('personal-centre.package.title')}
          size="middle"
          rowKey={(row) => row.platform}
          columns={platformColumns}
          rows={data?.package_platform ?? []}
          loading={isPending}
          empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('personal-centre.package.empty')} />}
          // On a narrow phone (and in the longer languages) the columns scroll inside the card.
          scroll={{}}
          data-testid="package-table"
        />
      </Card>
      <Card
        title={t('personal-centre.package.addedTitle')}
        className={`${styles.card} ${styles.addedCard}`}
        data-testid="added-card"
      >
        <DataTable<Added>
          caption={t('personal-centre.package.addedTitle')}
          size="middle"
          rowKey={(row) => row.type}
          columns={addedColumns}
          rows={data?.package_added ?? []}
          loading={isPending}
          empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('personal-centre.package.addedEmpty')} />}
          // On a narrow phone (and in the longer languages) the columns scroll inside the card.
          scroll={{}}
          data-testid="added-table"
        />
      </Card>
    </div>
  );
}
