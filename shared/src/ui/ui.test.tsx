import { act, screen } from '@testing-library/react';
import { createStoreNotifier, snackbarAtom } from '../state/notifier';
import { renderWithProviders } from '../testing/render-with-providers';
import { ErrorState } from './error-state';
import { LoadingState } from './loading-state';
import { PageFrame } from './page-frame';
import { Snackbar } from './snackbar';
import { EmptyState } from './empty-state';

describe('PageFrame', () => {
  it('is a main landmark labelled by its h1, and names the document', () => {
    renderWithProviders(
      <PageFrame title="Factories" description="All your plants" actions={<button type="button">Add</button>}>
        <p>content</p>
      </PageFrame>,
    );
    expect(screen.getByRole('main', { name: 'Factories' })).toContainElement(screen.getByText('content'));
    expect(screen.getByRole('heading', { level: 1, name: 'Factories' })).toBeInTheDocument();
    expect(screen.getByText('All your plants')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
    expect(document.title).toBe('Factories · Linepulse');
  });
});

describe('states', () => {
  it('announces loading politely', () => {
    renderWithProviders(<LoadingState label="Loading reports…" />, { language: 'fr' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading reports…');
  });

  it('shows an empty state', () => {
    renderWithProviders(<EmptyState title="No report yet" description="Create one" />);
    expect(screen.getByText('No report yet')).toBeInTheDocument();
  });

  it('shows an error as an alert with a working Retry', async () => {
    const onRetry = jest.fn();
    const { userEvent } = renderWithProviders(<ErrorState message="It failed" onRetry={onRetry} />, { language: 'es' });
    expect(screen.getByRole('alert')).toHaveTextContent('It failed');
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('Snackbar', () => {
  afterEach(() => jest.useRealTimers());

  it('shows success and error messages for 5 seconds', () => {
    jest.useFakeTimers();
    const { store } = renderWithProviders(<Snackbar />);
    const notifier = createStoreNotifier(store);
    act(() => {
      notifier.success('Saved');
      notifier.error('Line 1\nLine 2');
    });
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    expect(screen.getByRole('alert')).toHaveTextContent('Line 1');
    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(store.get(snackbarAtom)).toEqual([]);
  });

  it('closes a message with its close button', async () => {
    const { store, userEvent } = renderWithProviders(<Snackbar />);
    act(() => createStoreNotifier(store).error('Oops'));
    await userEvent.click(screen.getByRole('button', { name: 'Close the notification' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('ignores an empty message (nothing translated means nothing shown)', () => {
    const { store } = renderWithProviders(<Snackbar />);
    act(() => createStoreNotifier(store).error(''));
    expect(store.get(snackbarAtom)).toEqual([]);
  });
});
