import './page-spinner.css';

/**
 * Fills the space a lazily loaded page will take while its code or data arrives. Plain CSS: it
 * shows before antd has loaded (and on pages that never load it). The full-page one is also what
 * index.html shows until the first script has run, so the page does not change when React takes over.
 */
export function PageSpinner({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <div
      className={fullPage ? 'page-spinner page-spinner-full' : 'page-spinner'}
      data-testid="page-spinner"
      aria-busy="true"
    >
      <span className="page-spinner-dots" aria-hidden="true">
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}
