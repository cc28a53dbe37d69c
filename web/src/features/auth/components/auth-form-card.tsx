import type { ReactNode } from 'react';
import styles from '../auth-pages.module.css';
import { AuthHero } from './auth-hero.tsx';

/** The register and forgot-password layout: the hero on the left, the form card on the right. */
export function AuthFormCard(props: { testId: string; title: string; subtitle: string; children: ReactNode }) {
  return (
    <div className={styles.splitLayout}>
      <AuthHero />
      <section className={styles.formCard} data-testid={props.testId} id="auth-form" tabIndex={-1}>
        <h1 className={styles.title}>{props.title}</h1>
        <p className={`${styles.quiet} ${styles.formSubtitle}`}>{props.subtitle}</p>
        {props.children}
      </section>
    </div>
  );
}
