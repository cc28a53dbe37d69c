import styles from './page-spinner.module.css';

/**
 * Fills the space a lazily loaded page will take while its code or data arrives. Plain CSS: it
 * shows before antd has loaded (and on pages that never load it).
 */
export function PageSpinner({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <div
      className={fullPage ? `${styles.frame} ${styles.full}` : styles.frame}
      data-testid="page-spinner"
      aria-busy="true"
    >
      <span className={styles.dots} aria-hidden="true">
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}
