import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { LinepulseIntlProvider } from './intl-provider';
import { forgetLoadedMessages, loadedMessages } from './messages';

// The set-up loads every language before each file; each test here starts as a page that has just
// started, with none of them arrived.
beforeEach(() => forgetLoadedMessages());

const Loading = (): ReactNode => <FormattedMessage id="state.loading" />;

test('renders nothing until the language’s messages have arrived, then the page in that language', async () => {
  expect(loadedMessages('fr')).toBeUndefined();
  const { container } = render(
    <LinepulseIntlProvider language="fr">
      <Loading />
    </LinepulseIntlProvider>,
  );
  // Never a message id in place of its text: nothing at all while the French messages travel.
  expect(container).toBeEmptyDOMElement();
  expect(await screen.findByText('Chargement…')).toBeInTheDocument();
  expect(loadedMessages('en')).toBeUndefined(); // only the language shown is downloaded
});

test('a change of language keeps the page in the previous language until the new messages have arrived', async () => {
  const { rerender } = render(
    <LinepulseIntlProvider language="en">
      <Loading />
    </LinepulseIntlProvider>,
  );
  expect(await screen.findByText('Loading…')).toBeInTheDocument();
  rerender(
    <LinepulseIntlProvider language="es">
      <Loading />
    </LinepulseIntlProvider>,
  );
  // The Spanish messages are on their way: the English page stays, it does not blank out.
  expect(loadedMessages('es')).toBeUndefined();
  expect(screen.getByText('Loading…')).toBeInTheDocument();
  expect(await screen.findByText('Cargando…')).toBeInTheDocument();
  // Back to English: already there, shown at once.
  act(() => {
    rerender(
      <LinepulseIntlProvider language="en">
        <Loading />
      </LinepulseIntlProvider>,
    );
  });
  expect(screen.getByText('Loading…')).toBeInTheDocument();
});
