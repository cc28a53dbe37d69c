import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './app/global.css';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.tsx';
import { preloadLandingPage } from './app/route-loaders.ts';
import { readServerState } from './app/server-state.ts';
import { endSession, isPublicPath } from './app/session-guard.ts';
import { onUnauthorized } from './shared/api-client.ts';
import { takeOverServerPage } from './shared/hydrated.ts';
import { initI18n, savedLanguage } from './shared/i18n.ts';
import { loginPathReturningTo, setLoginNotice } from './shared/return-path.ts';
import { clearSession } from './shared/session.ts';

// The personal centre may come drawn by the server (server-render.tsx), with the data it was
// drawn from: the app starts from both instead of asking again. A page drawn in another language
// than the reader's saved choice (the server goes by a cookie, which may be missing) is drawn
// again here, its data asked for again in the reader's language.
const served = readServerState();
const rendered = served?.language === savedLanguage() ? served : undefined;
void initI18n();
const queryClient = createQueryClient();
if (rendered) hydrate(queryClient, rendered.queries);
const router = createAppRouter(queryClient);
preloadLandingPage();

// A 401 on any call ends the session (docs/product.md): forget it and go to login, which
// says why (the server's message) and returns to this page after the next sign-in.
// The cookies go at once; the cached user only after the protected page has unmounted, so it
// does not ask for the user again on its way out.
onUnauthorized((error) => {
  clearSession();
  const { pathname, search } = router.state.location;
  if (isPublicPath(pathname)) {
    endSession(queryClient);
    return;
  }
  setLoginNotice(error.msg);
  void router
    .navigate(loginPathReturningTo(`${pathname}${search}`), { replace: true })
    .then(() => endSession(queryClient));
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

if (rendered) {
  takeOverServerPage();
  // Taken over once the route's guard has let the session in (its data is here already): before
  // that the router would draw its spinner, not the page the server drew. In a transition, the
  // taking over yields to the browser every few milliseconds instead of holding it throughout.
  void routerReady().then(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  createRoot(container).render(app);
}

function routerReady(): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
