import type { IntlShape } from 'react-intl';
import { isApiError, DEFAULT_ERROR_CODE } from '../api/api-error';
import type { ApiErrorItem } from '@linepulse/contracts';

/** Message id of a backend error code. */
export function errorMessageId(code: string): string {
  return `error.${code}`;
}

/**
 * Arguments that are words of the product rather than names or figures, in the user's language: an
 * interval the api names (`week`) reads "semaine" in a French message, not "week"; a metric (`oee`,
 * ALERT_OBJECTIVE_MISSING) reads "TRG".
 */
function wordsOf(intl: IntlShape, args: ApiErrorItem['arguments']): Record<string, string> {
  const has = (id: string): boolean => Object.prototype.hasOwnProperty.call(intl.messages, id);
  const words: Record<string, string> = {};
  const interval = args?.['interval'];
  if (typeof interval === 'string' && has(`interval.${interval}`)) words['interval'] = intl.formatMessage({ id: `interval.${interval}` }).toLowerCase();
  // Already as a sentence writes it: "OEE" keeps its capitals.
  const metric = args?.['metric'];
  if (typeof metric === 'string' && has(`alerts.metric.${metric}`)) words['metric'] = intl.formatMessage({ id: `alerts.metric.${metric}` });
  return words;
}

/**
 * Product §8: each backend error item translated by its code with its arguments, joined by newlines;
 * items without a translation are dropped, so an empty string means "show nothing".
 */
export function translateApiErrors(intl: IntlShape, items: readonly ApiErrorItem[]): string {
  return items
    .map((item) => {
      const id = errorMessageId(item.code);
      if (!Object.prototype.hasOwnProperty.call(intl.messages, id)) return '';
      return intl.formatMessage({ id }, { code: item.code, ...item.arguments, ...wordsOf(intl, item.arguments) });
    })
    .filter((text) => text !== '')
    .join('\n');
}

/** "An unexpected error occurred. Contact the provider and specify the error code {code}". */
export function genericErrorMessage(intl: IntlShape, code: string = DEFAULT_ERROR_CODE): string {
  return intl.formatMessage({ id: 'error.generic' }, { code });
}

/**
 * What to tell the user about a failure: the translated backend errors; when none translate, the
 * generic message with the code for an unexpected failure (server error, network, bug), and nothing
 * (empty string) for an expected answer the screen handles itself.
 */
export function errorMessage(intl: IntlShape, error: unknown): string {
  if (isApiError(error)) {
    const translated = translateApiErrors(intl, error.items);
    if (translated !== '') return translated;
    return error.unexpected ? genericErrorMessage(intl, error.code) : '';
  }
  return genericErrorMessage(intl);
}
