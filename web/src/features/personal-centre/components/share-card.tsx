import { ShareAltOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { inviteStatisticsQuery } from '../api/invitations.ts';
import { INVITE_QUERY_KEY } from '../invite-query.ts';
import styles from './personal-centre.module.css';

/** Share card: invitations made, days given, and 'view' for the invitations dialog. */
export function ShareCard() {
  const { t } = useTranslation();
  const [, setSearchParams] = useSearchParams();
  const { data, isPending } = useQuery(inviteStatisticsQuery);

  const open = () =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set(INVITE_QUERY_KEY, '1');
      return next;
    });

  return (
    <Card
      title={
        <span className={styles.cardTitle}>
          <ShareAltOutlined />
          {t('personal-centre.share.title')}
        </span>
      }
      extra={
        <Button type="primary" ghost size="small" onClick={open} data-testid="share-view">
          {t('personal-centre.share.view')}
        </Button>
      }
      className={`${styles.card} ${styles.shareCard}`}
      data-testid="share-card"
    >
      <Typography.Paragraph type="secondary" className={styles.shareText}>
        {t('personal-centre.share.description')}
      </Typography.Paragraph>
      {isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : (
        <div className={styles.stats}>
          <Statistic
            title={t('personal-centre.share.inviteNumber')}
            value={data?.invite_number ?? 0}
            suffix={t('personal-centre.share.people')}
            data-testid="share-invite-number"
          />
          <Statistic
            title={t('personal-centre.share.givenDays')}
            value={data?.given_days ?? 0}
            suffix={t('personal-centre.share.days')}
            data-testid="share-given-days"
          />
        </div>
      )}
    </Card>
  );
}
