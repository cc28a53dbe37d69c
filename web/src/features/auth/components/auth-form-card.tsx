import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import styles from '../auth-pages.module.css';
import { AuthHero } from './auth-hero.tsx';

/** The register and forgot-password layout: the hero on the left, the form card on the right. */
export function AuthFormCard(props: { testId: string; title: string; subtitle: string; children: ReactNode }) {
  return (
    <div className={styles.splitLayout}>
      <AuthHero />
      <Card variant="borderless" className={styles.formCard} data-testid={props.testId} id="auth-form" tabIndex={-1}>
        <Typography.Title level={1} className={styles.title}>
          {props.title}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className={styles.formSubtitle}>
          {props.subtitle}
        </Typography.Paragraph>
        {props.children}
      </Card>
    </div>
  );
}
