import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './app/global.css';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.tsx';
import { preloadLandingPage } from './app/route-loaders.ts';
import { endSession, isPublicPath } from './app/session-guard.ts';
import { onUnauthorized } from './shared/api-client.ts';
import { initI18n } from './shared/i18n.ts';
import { loginPathReturningTo, setLoginNotice } from './shared/return-path.ts';
import { clearSession } from './shared/session.ts';

void initI18n();
const queryClient = createQueryClient();
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

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
