/**
 * How shared code (the API client) shows a message without importing antd: the signed-out pages
 * register the light toaster (shared/components/toaster.tsx), the antd parts of the app the themed
 * `App.useApp().message` while they are mounted (see app/antd-theme.tsx).
 */
export type Notifier = {
  error(text: string): void;
  warning(text: string): void;
  success(text: string): void;
  /** Takes every message away (the page changed). */
  clear(): void;
};

const consoleNotifier: Notifier = {
  error: (text) => console.error(text),
  warning: (text) => console.warn(text),
  success: (text) => console.info(text),
  clear: () => undefined,
};

let current: Notifier = consoleNotifier;

/** Registers the notifier; returns a function that restores the previous one. */
export function setNotifier(notifier: Notifier): () => void {
  const previous = current;
  current = notifier;
  return () => {
    if (current === notifier) current = previous;
  };
}

export const notify: Notifier = {
  error: (text) => current.error(text),
  warning: (text) => current.warning(text),
  success: (text) => current.success(text),
  clear: () => current.clear(),
};
