import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A page whose code can be fetched before it renders. */
export type PreloadablePage = ComponentType & { preload?: () => Promise<unknown> };

/**
 * A lazy page (React.lazy) whose code the host can also ask for ahead of rendering: on a reload the
 * host knows the page from the address as soon as it starts, and fetches its chunks while sign-in and
 * the session's first calls are still under way, instead of after the shell has rendered. One import
 * serves both: a failed preload is forgotten, so rendering tries again and shows the failure.
 */
// React's own `lazy` takes any component type the same way (its props are the page's concern).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> & { preload: () => Promise<unknown> } {
  let pending: Promise<{ default: T }> | null = null;
  const once = (): Promise<{ default: T }> => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
  return Object.assign(lazy(once), { preload: once });
}

/** Starts fetching a page's code if it can be preloaded; never fails (rendering reports failures). */
export function preloadPage(page: ComponentType | undefined): void {
  const preload = (page as PreloadablePage | undefined)?.preload;
  if (preload) preload().catch(() => undefined);
}
