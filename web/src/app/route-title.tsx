import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useSearchParams } from 'react-router';
import { currentBrand } from '../shared/brand/brands.ts';
import { notify } from '../shared/notify.ts';
import { routeTitleKey } from './route-titles.ts';

/**
 * The frame of every route: sets the document title from the route table, in the current
 * language ('Page - Brand'), and clears the previous page's messages when the page changes, so
 * a toast about one page never sits over the next.
 */
export function RouteTitle() {
  const { pathname } = useLocation();
  const shownFor = useRef(pathname);
  useEffect(() => {
    if (shownFor.current === pathname) return;
    shownFor.current = pathname;
    notify.clear();
  }, [pathname]);

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
