import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MenuNode, ModuleKey, ModuleGroupKey } from '../modules.ts';
import styles from './side-menu.module.css';

/**
 * The personal centre's side menu: a list of links (each module is an address, so it can be
 * opened in a new tab or bookmarked), groups that fold behind a button with aria-expanded, the
 * current page marked with aria-current. Tab moves through it like any links; the arrow keys,
 * Home and End move between its entries as they did in antd's menu.
 */
export function SideMenu({
  tree,
  activeKey,
  openGroups,
  onToggleGroup,
}: {
  tree: readonly MenuNode[];
  activeKey: ModuleKey | undefined;
  openGroups: readonly ModuleGroupKey[];
  onToggleGroup: (group: ModuleGroupKey) => void;
}) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLUListElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const entries = [...(listRef.current?.querySelectorAll<HTMLElement>('a, button') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    let next: number;
    if (event.key === 'ArrowDown') next = at < 0 ? 0 : Math.min(at + 1, entries.length - 1);
    else if (event.key === 'ArrowUp') next = at < 0 ? 0 : Math.max(at - 1, 0);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = entries.length - 1;
    else return;
    event.preventDefault();
    entries[next]?.focus();
  };

  const link = (key: ModuleKey, titleKey: string, nested: boolean) => (
    <li key={key}>
      <Link
        to={{ search: `?active=${key}` }}
        className={[styles.item, nested ? styles.nested : '', key === activeKey ? styles.selected : '']
          .filter(Boolean)
          .join(' ')}
        aria-current={key === activeKey ? 'page' : undefined}
      >
        <span className={styles.label} data-testid={`nav-${key}`}>
          {t(titleKey)}
        </span>
      </Link>
    </li>
  );

  return (
    <ul className={styles.menu} ref={listRef} onKeyDown={onKeyDown} data-testid="module-menu">
      {tree.map((node) => {
        if (node.kind === 'module') return link(node.module.key, node.module.titleKey, false);
        const open = openGroups.includes(node.key);
        const holdsActive = node.modules.some((module) => module.key === activeKey);
        const listId = `menu-group-${node.key}`;
        return (
          <li key={node.key} className={styles.group}>
            <button
              type="button"
              className={[
                styles.item,
                styles.groupTitle,
                holdsActive ? styles.groupActive : '',
                open ? styles.open : '',
              ]
                .filter(Boolean)
                .join(' ')}
              aria-expanded={open}
              aria-controls={open ? listId : undefined}
              onClick={() => onToggleGroup(node.key)}
            >
              <span className={styles.label} data-testid={`nav-group-${node.key}`}>
                {t(node.titleKey)}
              </span>
              <i className={styles.arrow} aria-hidden="true" />
            </button>
            {/* Like antd's menu, a folded group's entries are not drawn at all. */}
            {open ? (
              <ul id={listId} className={styles.sub}>
                {node.modules.map((module) => link(module.key, module.titleKey, true))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
