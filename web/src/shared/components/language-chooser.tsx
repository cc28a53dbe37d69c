import { LANGUAGES, type TLanguage } from '@seller-centre/contract/i18n';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, useLanguage } from '../i18n.ts';
import { HTML_LANG, LANGUAGE_NAMES } from '../languages.ts';
import styles from './language-chooser.module.css';

function GlobeIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.93 6h-2.95a15.7 15.7 0 0 0-1.38-3.56A8.03 8.03 0 0 1 18.93 8ZM12 4.04c.83 1.2 1.48 2.53 1.91 3.96h-3.82A13.7 13.7 0 0 1 12 4.04ZM4.26 14a8.2 8.2 0 0 1 0-4h3.38a16.5 16.5 0 0 0 0 4H4.26Zm.81 2h2.95c.32 1.25.78 2.45 1.38 3.56A8 8 0 0 1 5.07 16Zm2.95-8H5.07a8 8 0 0 1 4.33-3.56A15.7 15.7 0 0 0 8.02 8ZM12 19.96A13.7 13.7 0 0 1 10.09 16h3.82A13.7 13.7 0 0 1 12 19.96ZM14.34 14H9.66a14.7 14.7 0 0 1 0-4h4.68a14.7 14.7 0 0 1 0 4Zm.26 5.56c.6-1.11 1.06-2.31 1.38-3.56h2.95a8.03 8.03 0 0 1-4.33 3.56ZM16.36 14a16.5 16.5 0 0 0 0-4h3.38a8.2 8.2 0 0 1 0 4h-3.38Z"
      />
    </svg>
  );
}

type LanguageChooserProps = {
  /** 'light' on dark backgrounds (the login shell), 'default' elsewhere. */
  tone?: 'default' | 'light';
};

/**
 * Switches the interface language on every page; e2e tests drive it through its test ids. A
 * menu button (WAI-ARIA): Enter or a click opens it, the arrow keys move, Escape closes and
 * returns to the button, a click elsewhere closes it.
 */
export function LanguageChooser({ tone = 'default' }: LanguageChooserProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!open) return;
    items.current[Math.max(0, LANGUAGES.indexOf(language))]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!wrap.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, language]);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const at = items.current.findIndex((item) => item === document.activeElement);
    const last = LANGUAGES.length - 1;
    let next: number | undefined;
    if (event.key === 'ArrowDown') next = at >= last ? 0 : at + 1;
    else if (event.key === 'ArrowUp') next = at <= 0 ? last : at - 1;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      close();
      return;
    }
    if (next === undefined) return;
    event.preventDefault();
    items.current[next]?.focus();
  };

  return (
    <div className={styles.wrap} ref={wrap}>
      <button
        ref={trigger}
        type="button"
        className={tone === 'light' ? `${styles.trigger} ${styles.light}` : styles.trigger}
        data-testid="language-chooser"
        // The name starts with what the button shows (the language), then says what it does.
        aria-label={`${LANGUAGE_NAMES[language]} - ${t('common.language')}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
      >
        <GlobeIcon />
        <span>{LANGUAGE_NAMES[language]}</span>
      </button>
      {open ? (
        <ul role="menu" id={menuId} aria-label={t('common.language')} className={styles.menu} onKeyDown={onMenuKeyDown}>
          {LANGUAGES.map((lng: TLanguage, i) => (
            <li key={lng} role="none">
              <button
                ref={(element) => {
                  items.current[i] = element;
                }}
                type="button"
                role="menuitemradio"
                aria-checked={lng === language}
                tabIndex={-1}
                lang={HTML_LANG[lng]}
                className={styles.item}
                data-testid={`language-option-${lng}`}
                onClick={() => {
                  close();
                  void changeLanguage(lng);
                }}
              >
                {LANGUAGE_NAMES[lng]}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
