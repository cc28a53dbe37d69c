import { Modal, Typography } from 'antd';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';

export type LegalKind = 'privacy' | 'disclaimer';

const PARAGRAPHS: Record<LegalKind, number> = { privacy: 6, disclaimer: 4 };

/** The privacy policy or the disclaimer, in an 800px dialog (spec 01 "Login page"). */
function LegalDialog({ kind, onClose }: { kind: LegalKind | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={kind !== undefined}
      width={800}
      title={kind ? t(`auth.legal.${kind}.title`) : ''}
      onCancel={onClose}
      onOk={onClose}
      okText={t('auth.legal.close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      styles={{ body: { maxHeight: '60vh', overflowY: 'auto' } }}
    >
      {kind ? (
        <div data-testid={`legal-dialog-${kind}`}>
          {Array.from({ length: PARAGRAPHS[kind] }, (_, i) => (
            <Typography.Paragraph key={i}>{t(`auth.legal.${kind}.p${i + 1}`)}</Typography.Paragraph>
          ))}
        </div>
      ) : null}
    </Modal>
  );
}

/**
 * A sentence with the two legal documents as links, e.g. 'I have read and agree to the
 * <privacy>Privacy policy</privacy> and the <disclaimer>Disclaimer</disclaimer>'.
 */
export function LegalText({ i18nKey }: { i18nKey: string }) {
  const [open, setOpen] = useState<LegalKind>();
  const link = (kind: LegalKind) => (
    <Typography.Link
      onClick={(event) => {
        // Inside a checkbox label, a click on the link must not toggle the box.
        event.preventDefault();
        event.stopPropagation();
        setOpen(kind);
      }}
      data-testid={`legal-link-${kind}`}
    />
  );
  return (
    <>
      <Trans i18nKey={i18nKey} components={{ privacy: link('privacy'), disclaimer: link('disclaimer') }} />
      <LegalDialog kind={open} onClose={() => setOpen(undefined)} />
    </>
  );
}
