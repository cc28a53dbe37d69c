import { useEffect, useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button, LinkButton } from './form-kit.tsx';
import styles from './legal-links.module.css';

import { LEGAL_PARAGRAPHS as PARAGRAPHS, type LegalKind } from './legal-text.ts';

export type { LegalKind };

/**
 * The privacy policy or the disclaimer, in an 800px dialog (docs/product.md "Login page"). The browser's
 * own modal dialog: it keeps the focus inside, Escape closes it, and focus returns to the link.
 */
function LegalDialog({ kind, onClose }: { kind: LegalKind | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (kind && !element.open) element.showModal();
    if (!kind && element.open) element.close();
  }, [kind]);
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog itself, outside its box) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {kind ? (
        <div className={styles.box}>
          <h2 id={titleId} className={styles.title}>
            {t(`auth.legal.${kind}.title`)}
          </h2>
          {/* Focusable, so the keyboard can scroll a long text. */}
          <div className={styles.body} data-testid={`legal-dialog-${kind}`} tabIndex={0}>
            {Array.from({ length: PARAGRAPHS[kind] }, (_, i) => (
              <p key={i}>{t(`auth.legal.${kind}.p${i + 1}`)}</p>
            ))}
          </div>
          <div className={styles.footer}>
            <Button block={false} onClick={onClose} data-testid="legal-dialog-close">
              {t('auth.legal.close')}
            </Button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}

/**
 * A sentence with the two legal documents as links, e.g. 'I have read and agree to the
 * <privacy>Privacy policy</privacy> and the <disclaimer>Disclaimer</disclaimer>'.
 */
export function LegalText({ i18nKey }: { i18nKey: string }) {
  const [open, setOpen] = useState<LegalKind>();
  const link = (kind: LegalKind) => (
    <LinkButton
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
