import { useQuery } from '@tanstack/react-query';
import { Carousel, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentBrand } from '../../../shared/brand/brands.ts';
import { advertisingImagesOf, systemConfigQuery } from '../api/system-config.ts';
import styles from './advert-carousel.module.css';

/** Spec 01 section 9: 8 s per slide, 550 px high. */
const CAROUSEL_INTERVAL_MS = 8_000;
const CAROUSEL_HEIGHT = 550;

function isInternal(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/** The login page's advertising carousel from the platform config; images may link somewhere. */
export function AdvertCarousel() {
  const { t } = useTranslation();
  const { data, isPending } = useQuery(systemConfigQuery);
  const images = data ? advertisingImagesOf(data) : [];
  // Only the slide on show is reachable by keyboard: the others are hidden from assistive
  // technology, and a focusable link inside a hidden slide is a trap nobody can see.
  const [current, setCurrent] = useState(0);

  if (isPending) {
    return (
      <div className={styles.frame} style={{ height: CAROUSEL_HEIGHT }}>
        <Skeleton.Node active style={{ width: '100%', height: CAROUSEL_HEIGHT }} />
      </div>
    );
  }
  if (images.length === 0) {
    // Nothing configured: the product's own pitch in the carousel's place.
    return (
      <div
        className={`${styles.frame} ${styles.fallback}`}
        style={{ height: CAROUSEL_HEIGHT }}
        data-testid="advert-fallback"
      >
        <h2 className={styles.fallbackTitle}>{t(currentBrand.nameKey)}</h2>
        <p className={styles.fallbackText}>{t('common.tagline')}</p>
      </div>
    );
  }

  return (
    <div className={styles.frame} data-testid="advert-carousel">
      <Carousel
        autoplay={{ dotDuration: true }}
        autoplaySpeed={CAROUSEL_INTERVAL_MS}
        dots={images.length > 1}
        // Fading, the carousel makes no hidden copies of its slides (sliding clones them).
        effect="fade"
        beforeChange={(_from, to) => setCurrent(to)}
      >
        {images.map((image, index) => {
          const img = (
            <img
              src={image.img_url}
              alt={t('auth.carousel.alt', { index: index + 1 })}
              className={styles.image}
              style={{ height: CAROUSEL_HEIGHT }}
              draggable={false}
            />
          );
          const url = image.jump_url;
          const tabIndex = index === current ? undefined : -1;
          return (
            <div key={`${image.img_url}-${index}`}>
              {!url ? (
                img
              ) : isInternal(url) ? (
                <Link to={url} className={styles.link} tabIndex={tabIndex}>
                  {img}
                </Link>
              ) : (
                <a href={url} target="_blank" rel="noopener noreferrer" className={styles.link} tabIndex={tabIndex}>
                  {img}
                </a>
              )}
            </div>
          );
        })}
      </Carousel>
    </div>
  );
}
