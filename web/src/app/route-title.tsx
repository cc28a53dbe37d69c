import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches, useSearchParams } from 'react-router';
import { currentBrand } from '../shared/brand/brands.ts';
import { routeTitleKey } from './route-titles.ts';

/** Sets the document title from the route table, in the current language: 'Page - Brand'. */
export function RouteTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const [search] = useSearchParams();
  const key = routeTitleKey(
    matches.map((m) => m.handle),
    search,
  );
  const brand = t(currentBrand.nameKey);
  const title = key ? `${t(key)} - ${brand}` : brand;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return <Outlet />;
}
