import { Alert, Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../shared/current-user.ts';
import { PackageCards } from './components/package-cards.tsx';
import styles from './components/personal-centre.module.css';
import { ProfileCard } from './components/profile-card.tsx';
import { ShareCard } from './components/share-card.tsx';

// The password dialog (and its forms) loads when the prompt's button is first pressed.
const PasswordDialog = lazy(() => import('./components/edit-dialogs.tsx').then((m) => ({ default: m.PasswordDialog })));

/** The personal centre's home module: profile, share card, packages (docs/product.md "Personal centre page"). */
export function PersonalCentrePage() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const [settingPassword, setSettingPassword] = useState(false);
  const [passwordOpened, setPasswordOpened] = useState(false);
  return (
    <div className={styles.page} data-testid="personal-centre-page">
      {user.has_password ? null : (
        // A registration signs in by SMS code only: invite the seller to set a password.
        <Alert
          type="info"
          showIcon
          title={t('personal-centre.passwordPrompt.title')}
          description={t('personal-centre.passwordPrompt.description')}
          data-testid="password-prompt"
          action={
            <Button
              type="primary"
              onClick={() => {
                setPasswordOpened(true);
                setSettingPassword(true);
              }}
              data-testid="password-prompt-action"
            >
              {t('personal-centre.passwordPrompt.action')}
            </Button>
          }
        />
      )}
      <div className={styles.topRow}>
        <ProfileCard user={user} />
        <ShareCard />
      </div>
      <PackageCards />
      {passwordOpened ? (
        <Suspense fallback={null}>
          <PasswordDialog
            open={settingPassword}
            onClose={() => setSettingPassword(false)}
            hasPassword={user.has_password}
            phone={user.phone_number}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
