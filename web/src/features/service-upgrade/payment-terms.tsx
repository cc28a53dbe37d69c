import { Checkbox, Modal, Typography } from 'antd';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';

const TERMS_PARAGRAPHS = 5;

/** The payment terms (docs/product.md: non-refundable, non-transferable, plans stack). */
export function PaymentTermsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      width={800}
      title={t('service-upgrade.terms.title')}
      onCancel={onClose}
      onOk={onClose}
      okText={t('service-upgrade.terms.close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      styles={{ body: { maxHeight: '60vh', overflowY: 'auto' } }}
    >
      <div data-testid="payment-terms-dialog">
        {Array.from({ length: TERMS_PARAGRAPHS }, (_, i) => (
          <Typography.Paragraph key={i}>{t(`service-upgrade.terms.p${i + 1}`)}</Typography.Paragraph>
        ))}
      </div>
    </Modal>
  );
}

/** 'I have read and agree to the <terms>payment terms</terms>': starts ticked (docs/product.md). */
export function PaymentTermsCheckbox({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid="payment-terms-checkbox">
        <Trans
          i18nKey="service-upgrade.terms.agree"
          components={{
            terms: (
              <Typography.Link
                onClick={(event) => {
                  // Inside the checkbox's label: open the terms without toggling the box.
                  event.preventDefault();
                  event.stopPropagation();
                  setOpen(true);
                }}
                data-testid="payment-terms-link"
              />
            ),
          }}
        />
      </Checkbox>
      <PaymentTermsDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
