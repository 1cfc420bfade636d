import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { preferencesQuery } from '../api/get-preferences';
import { putPreferences } from '../api/put-preferences';
import type { Preferences, TilelyticsPreferences } from '@linepulse/contracts';
import { servicesConfigured } from '../services/services';
import { storeLanguage, storeTheme } from '../theme/theme-storage';
import { preferencesSavedAtom } from './atoms';
import { initialPreferences, useUser } from './hooks';
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

/** The preferences in the cache, else this browser's language and theme (code outside React: sign-in hints). */
export function currentPreferences(client: QueryClient): Preferences {
  return client.getQueryData(preferencesQuery().queryKey) ?? initialPreferences();
}

/**
 * Puts preferences in the cache, and their language and theme in this browser's storage so that the
 * next visit starts in them before the server answers.
 */
export function setPreferencesData(client: QueryClient, preferences: Preferences): void {
  client.setQueryData(preferencesQuery().queryKey, preferences);
  storeTheme(preferences.theme);
  storeLanguage(preferences.language);
}

/** One scope for every save: react-query runs them one after another, so the server ends with the last change. */
const SAVE_SCOPE = { id: 'user-preferences' } as const;

/**
 * Applies a preferences change at once (language, theme, time option, filter) in the cache, and saves
 * it with PUT /user/preferences when a user is signed in. Resolves false when the save failed (the
 * change still applies to this session, and the user is told).
 */
export function useSavePreferences(): (change: PreferencesChange) => Promise<boolean> {
  const client = useQueryClient();
  const user = useUser();
  const saved = useAtomValue(preferencesSavedAtom);
  const notifier = useNotifier();
  const intl = useIntl();
  const { mutateAsync } = useMutation({
    mutationFn: (preferences: Preferences) => putPreferences(preferences),
    scope: SAVE_SCOPE,
    // The cache already holds the change; the answer is the same preferences, so it is not written back
    // (it could overwrite a later change still waiting in the scope).
    onError: () => notifier.error(intl.formatMessage({ id: 'error.preferencesSave' })),
  });
  return useCallback(
    (change: PreferencesChange) => {
      const next = applyPreferencesChange(currentPreferences(client), change);
      setPreferencesData(client, next);
      if (!user || !saved || !servicesConfigured()) return Promise.resolve(true);
      return mutateAsync(next).then(
        () => true,
        () => false,
      );
    },
    [client, user, saved, mutateAsync],
  );
}
