import { useEffect, useState } from 'react';

/**
 * Becomes true once `shown` has been true through a painted frame. A heavy part started then (a
 * chart's library) no longer delays the frame that shows what a page is opened for: a task queued
 * from an animation frame runs after that frame is painted.
 */
export function usePaintedOnce(shown: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!shown || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown, painted]);
  return painted;
}
