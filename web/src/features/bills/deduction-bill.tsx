import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';

export function DeductionBill() {
  const { t } = useTranslation();
  return <Empty description={t('bills.empty')} data-testid="deduction-bill" />;
}
