import { SERVER_STATE_ID } from '@seller-centre/contract/first-view';
import type { TLanguage } from '@seller-centre/contract/i18n';
import type { DehydratedState } from '@tanstack/react-query';

/** What the browser needs to take over a page the server rendered: its language and its data. */
export type ServerState = { language: TLanguage; queries: DehydratedState };

/** The state of the page the server rendered, if it rendered this one. */
export function readServerState(): ServerState | undefined {
  const text = document.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as ServerState;
  } catch {
    return undefined;
  }
}
