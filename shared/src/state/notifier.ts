import { atom, useAtomValue, useStore } from 'jotai';
import { useMemo } from 'react';
import { getServices, servicesConfigured, type Notifier } from '../services/services';

type Store = ReturnType<typeof useStore>;

export interface SnackbarMessage {
  id: number;
  kind: 'success' | 'error';
  text: string;
}

/** Messages shown by the Snackbar, oldest first. */
export const snackbarAtom = atom<SnackbarMessage[]>([]);

let nextId = 1;

/** A notifier that shows its messages in the Snackbar of this jotai store (the host's notifier). */
export function createStoreNotifier(store: Store): Notifier {
  const push = (kind: SnackbarMessage['kind'], text: string): void => {
    if (text.trim() === '') return;
    store.set(snackbarAtom, (messages) => [...messages, { id: nextId++, kind, text }]);
  };
  return { success: (text) => push('success', text), error: (text) => push('error', text) };
}

export function dismissSnackbarMessage(store: Store, id: number): void {
  store.set(snackbarAtom, (messages) => messages.filter((message) => message.id !== id));
}

/** This store's own notifier, when its page has one (an embed: its snackbar or the embedding product's). */
export const notifierAtom = atom<Notifier | null>(null);

/** The store's own notifier, else the configured one (the host's snackbar), else this store's snackbar. */
export function useNotifier(): Notifier {
  const store = useStore();
  const own = useAtomValue(notifierAtom);
  return useMemo(() => own ?? (servicesConfigured() ? getServices().notifier : createStoreNotifier(store)), [own, store]);
}
