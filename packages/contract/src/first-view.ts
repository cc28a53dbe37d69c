/**
 * How a page the server draws is put together, named once for the three places that must agree:
 * the build writes the document with these placeholders (web/landing-documents.ts, which spells
 * them out again as Node loads it uncompiled, and its test holds the two the same), the server
 * fills them with its render, its styles and its state (server/src/platform/web-app.ts), and the
 * app reads the state back from the element of that id to take the page over
 * (web/src/app/server-state.ts).
 */
export const FIRST_VIEW_PLACEHOLDER = '<!--first-view-->';
export const FIRST_VIEW_STYLES_PLACEHOLDER = '<!--first-view-styles-->';
export const SERVER_STATE_PLACEHOLDER = '<!--server-state-->';
export const SERVER_STATE_ID = 'server-state';
