// The app's start on a page the server has rendered (server/src/platform/web-app.ts): the page
// is painted from its document and styles alone, and only then are the app's scripts and the
// translations asked for. Named in the document, they would share a phone's slow line with the
// styles, and the page would show later for scripts it does not need to be seen.
//
// The document names them on this script's element: `data-entry` the app, `data-preload` what
// the app loads next, each as the plain document would have named it (landing-documents.ts).
// Nothing is imported: this file must stay a few hundred bytes.

const boot = document.querySelector<HTMLScriptElement>('script[data-entry]');

function append(tag: 'link' | 'script', attributes: Record<string, string>): void {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.head.append(element);
}

if (boot?.dataset.entry) {
  const entry = boot.dataset.entry;
  const preload = (boot.dataset.preload ?? '').split(' ').filter(Boolean);
  // A task queued from an animation frame runs once that frame has been painted.
  requestAnimationFrame(() =>
    setTimeout(() => {
      for (const href of preload) {
        append(
          'link',
          href.endsWith('.json')
            ? { rel: 'preload', as: 'fetch', crossorigin: '', href }
            : { rel: 'modulepreload', crossorigin: '', href },
        );
      }
      append('script', { type: 'module', crossorigin: '', src: entry });
    }),
  );
}
