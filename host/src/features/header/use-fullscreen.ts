import { useCallback, useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}

/** Whether the page is full screen, and a toggle (for the TV or Display role). */
export function useFullscreen(): { fullscreen: boolean; toggle: () => void } {
  const fullscreen = useSyncExternalStore(
    subscribe,
    () => !!document.fullscreenElement,
    () => false,
  );
  const toggle = useCallback(() => {
    const request = document.fullscreenElement
      ? document.exitFullscreen?.()
      : document.documentElement.requestFullscreen?.();
    void request?.catch(() => undefined);
  }, []);
  return { fullscreen, toggle };
}
