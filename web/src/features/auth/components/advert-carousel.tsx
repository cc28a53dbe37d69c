import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentBrand } from '../../../shared/brand/brands.ts';
import { advertisingImagesOf, systemConfigQuery } from '../api/system-config.ts';
import styles from './advert-carousel.module.css';

/** docs/product.md: 8 s per slide, 550 px high. */
const CAROUSEL_INTERVAL_MS = 8_000;

function isInternal(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/** The login page's advertising carousel from the platform config; images may link somewhere. */
export function AdvertCarousel() {
  const { t } = useTranslation();
  const { data, isPending } = useQuery(systemConfigQuery);
  const images = data ? advertisingImagesOf(data) : [];
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = images.length;

  // The next slide every 8 s; a pointer or the keyboard on the carousel holds it still.
  useEffect(() => {
    if (count < 2 || paused) return;
    const id = setInterval(() => setCurrent((at) => (at + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(id);
  }, [count, paused, current]);

  if (isPending) {
    return (
      <div className={`${styles.frame} ${styles.sized} ${styles.skeleton}`} aria-busy="true" />
    );
  }
  if (count === 0) {
    // Nothing configured: the product's own pitch in the carousel's place.
    return (
      <div
        className={`${styles.frame} ${styles.sized} ${styles.fallback}`}
        data-testid="advert-fallback"
      >
        <h2 className={styles.fallbackTitle}>{t(currentBrand.nameKey)}</h2>
        <p className={styles.fallbackText}>{t('common.tagline')}</p>
      </div>
    );
  }

  return (
    <div
      className={`${styles.frame} ${styles.sized}`}
      data-testid="advert-carousel"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {images.map((image, index) => {
        const img = (
          <img
            src={image.img_url}
            alt={t('auth.carousel.alt', { index: index + 1 })}
            className={styles.image}
            draggable={false}
          />
        );
        const url = image.jump_url;
        // Only the slide on show is there for the keyboard and assistive technology: a focusable
        // link inside a hidden slide is a trap nobody can see.
        const shown = index === current;
        return (
          <div
            key={`${image.img_url}-${index}`}
            className={shown ? `${styles.slide} ${styles.current}` : styles.slide}
            aria-hidden={shown ? undefined : true}
            inert={!shown}
          >
            {!url ? (
              img
            ) : isInternal(url) ? (
              <Link to={url} className={styles.link}>
                {img}
              </Link>
            ) : (
              <a href={url} target="_blank" rel="noopener noreferrer" className={styles.link}>
                {img}
              </a>
            )}
          </div>
        );
      })}
      {count > 1 ? (
        <ul className={styles.dots}>
          {images.map((image, index) => (
            <li key={`${image.img_url}-${index}`}>
              <button
                type="button"
                className={index === current ? `${styles.dot} ${styles.dotActive}` : styles.dot}
                aria-label={t('auth.carousel.alt', { index: index + 1 })}
                aria-current={index === current ? true : undefined}
                onClick={() => setCurrent(index)}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
