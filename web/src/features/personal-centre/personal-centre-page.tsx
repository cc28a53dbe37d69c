import { useUserInfo } from '../../shared/current-user.ts';
import { PackageCards } from './components/package-cards.tsx';
import styles from './components/personal-centre.module.css';
import { ProfileCard } from './components/profile-card.tsx';
import { ShareCard } from './components/share-card.tsx';

/** The personal centre's home module: profile, share card, packages (spec 01 "Personal centre page"). */
export function PersonalCentrePage() {
  const user = useUserInfo();
  return (
    <div className={styles.page} data-testid="personal-centre-page">
      <div className={styles.topRow}>
        <ProfileCard user={user} />
        <ShareCard />
      </div>
      <PackageCards />
    </div>
  );
}
