import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { errorMessage } from '../i18n/translate-api-errors';
import { useNotifier } from './notifier';

/**
 * Reports a failure in the snackbar: the translated backend errors, or the generic message with the
 * code for an unexpected failure; nothing when no message applies (product §8).
 */
export function useNotifyError(): (error: unknown) => void {
  const notifier = useNotifier();
  const intl = useIntl();
  return useCallback(
    (error: unknown) => {
      const text = errorMessage(intl, error);
      if (text) notifier.error(text);
    },
    [notifier, intl],
  );
}
