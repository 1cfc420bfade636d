import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { Language } from '@linepulse/contracts';
import { LinepulseIntlProvider } from '../i18n/intl-provider';
import { LANGUAGE_STORAGE_KEY } from '../i18n/language-storage';
import type { PreloadablePage } from './lazy-page';
import { RemoteIntlProvider, withRemoteMessages, type RemoteMessageLoaders } from './remote-intl';

const WORDS: Record<Language, Record<string, string>> = {
  en: { 'remote.hello': 'Hello from the remote' },
  fr: { 'remote.hello': 'Bonjour du module' },
  es: { 'remote.hello': 'Hola del módulo' },
};

/** Loaders that answer when the test says so, and count what was asked. */
function controlledLoaders(): { loaders: RemoteMessageLoaders; asked: Language[]; answer: (language: Language) => void } {
  const asked: Language[] = [];
  const waiting = new Map<Language, () => void>();
  const loader = (language: Language) => (): Promise<Record<string, string>> => {
    asked.push(language);
    return new Promise((resolve) => waiting.set(language, () => resolve(WORDS[language])));
  };
  return { loaders: { en: loader('en'), fr: loader('fr'), es: loader('es') }, asked, answer: (language) => waiting.get(language)?.() };
}

const Page = (): ReactNode => (
  <p>
    <FormattedMessage id="remote.hello" /> · <FormattedMessage id="state.loading" />
  </p>
);

test('with loaders, a remote page is drawn once its language has arrived, over the platform’s messages, and only that language is asked', async () => {
  const { loaders, asked, answer } = controlledLoaders();
  const { container } = render(
    <LinepulseIntlProvider language="fr">
      <RemoteIntlProvider messages={loaders}>
        <Page />
      </RemoteIntlProvider>
    </LinepulseIntlProvider>,
  );
  // Never a message id in place of its text: nothing while the remote's French words travel.
  expect(container).toBeEmptyDOMElement();
  answer('fr');
  // The remote's words and the platform's, in French.
  expect(await screen.findByText('Bonjour du module · Chargement…')).toBeInTheDocument();
  expect(asked).toEqual(['fr']);
});

test('a remote’s messages given whole are drawn at once, as before 2.1', () => {
  render(
    <LinepulseIntlProvider language="es">
      <RemoteIntlProvider messages={WORDS}>
        <Page />
      </RemoteIntlProvider>
    </LinepulseIntlProvider>,
  );
  expect(screen.getByText('Hola del módulo · Cargando…')).toBeInTheDocument();
});

test('preloading a page wrapped with loaders asks for the remote’s words in this browser’s language too', async () => {
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
  const { loaders, asked, answer } = controlledLoaders();
  const code = jest.fn(() => Promise.resolve());
  const wrapped = withRemoteMessages(loaders, Object.assign(() => null, { preload: code })) as PreloadablePage;
  const preloaded = wrapped.preload?.();
  expect(asked).toEqual(['es']);
  expect(code).toHaveBeenCalledTimes(1);
  answer('es');
  await preloaded;
  // Drawn at once afterwards: the words have arrived.
  render(
    <LinepulseIntlProvider language="es">
      <RemoteIntlProvider messages={loaders}>
        <Page />
      </RemoteIntlProvider>
    </LinepulseIntlProvider>,
  );
  expect(screen.getByText('Hola del módulo · Cargando…')).toBeInTheDocument();
  expect(asked).toEqual(['es']);
  window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});
