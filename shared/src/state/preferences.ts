import { useStore } from 'jotai';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { putPreferences } from '../api/put-preferences';
import type { Preferences, TilelyticsPreferences } from '@linepulse/contracts';
import { servicesConfigured } from '../services/services';
import { preferencesAtom, userAtom } from './atoms';
import { useNotifier } from './notifier';

/** A change to the preferences: top-level fields and/or some of the tilelytics fields. */
export interface PreferencesChange {
  language?: Preferences['language'];
  theme?: Preferences['theme'];
  tilelytics?: Partial<TilelyticsPreferences>;
}

export function applyPreferencesChange(current: Preferences, change: PreferencesChange): Preferences {
  return {
    language: change.language ?? current.language,
    theme: change.theme ?? current.theme,
    tilelytics: { ...current.tilelytics, ...change.tilelytics },
  };
}

/** Saves run one after another so the server ends with the last change. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Applies a preferences change at once (language, theme, time option, filter) and saves it with
 * PUT /user/preferences when a user is signed in. Resolves false when the save failed (the change still
 * applies to this session, and the user is told).
 */
export function useSavePreferences(): (change: PreferencesChange) => Promise<boolean> {
  const store = useStore();
  const notifier = useNotifier();
  const intl = useIntl();
  return useCallback(
    (change: PreferencesChange) => {
      const next = applyPreferencesChange(store.get(preferencesAtom), change);
      store.set(preferencesAtom, next);
      if (!store.get(userAtom) || !servicesConfigured()) return Promise.resolve(true);
      const saved = queue.then(() =>
        putPreferences(store.get(preferencesAtom)).then(
          () => true,
          () => {
            notifier.error(intl.formatMessage({ id: 'error.preferencesSave' }));
            return false;
          },
        ),
      );
      queue = saved;
      return saved;
    },
    [store, notifier, intl],
  );
}
