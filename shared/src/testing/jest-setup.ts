import '@testing-library/jest-dom';
import { configure } from '@testing-library/dom';
import { TextDecoder, TextEncoder } from 'node:util';
import sharedPackage from '../../package.json';
import { loadMessages } from '../i18n/messages';

// `findBy…` and `waitFor` give up after 1 s by default. CI runs fifteen projects on two cores, where a
// Fluent dialog or a formik re-render can take longer than that to appear: a wait that can only pass
// later should not fail for being slow (each test keeps its own jest timeout as the real limit).
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks these; MSAL and react-router need them at import time.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Set at build time by the shared webpack factory; in tests every app is built against this platform.
Object.assign(globalThis, { __LINEPULSE_PLATFORM_RANGE__: `^${sharedPackage.version}`, __LINEPULSE_PLATFORM_VERSION__: sharedPackage.version });

// Fluent UI (motion, overflow, positioning) asks for these browser APIs that jsdom does not implement.
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    Object.assign(window, { ResizeObserver: ResizeObserverStub });
  }
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
  // Highcharts asks CSS.supports at load time.
  const css = ((window as unknown as { CSS?: Record<string, unknown> }).CSS ??= {});
  if (typeof css.supports !== 'function') css.supports = () => false;
}

// The apps load one language's messages at a time, and the intl provider renders nothing until they have
// arrived: tests render in any language at once, as the host does once its entry has asked for them.
// (Contracts are imported here, not above: their schemas need TextEncoder, set just above.)
beforeAll(async () => {
  const { LANGUAGES } = await import('@linepulse/contracts');
  await Promise.all(LANGUAGES.map(loadMessages));
});
