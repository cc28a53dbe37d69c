import 'antd/dist/reset.css';
import 'antd/dist/antd.css';
import { webPaths } from '@seller-centre/contract/paths';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './app/global.css';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.tsx';
import { endSession, isPublicPath } from './app/session-guard.ts';
import { onUnauthorized } from './shared/api-client.ts';
import { initI18n } from './shared/i18n.ts';
import { clearSession } from './shared/session.ts';

void initI18n();
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// A 401 on any call ends the session (spec 01 section 8): forget it and go to login.
// The cookies go at once; the cached user only after the protected page has unmounted, so it
// does not ask for the user again on its way out.
onUnauthorized(() => {
  clearSession();
  if (isPublicPath(router.state.location.pathname)) endSession(queryClient);
  else void router.navigate(webPaths.login, { replace: true }).then(() => endSession(queryClient));
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
