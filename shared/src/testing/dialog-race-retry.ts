/**
 * Component tests only (jest's jsdom projects): a failed test is run again, at most twice, with its
 * failure printed first.
 *
 * Why: on a starved CPU Fluent's focus manager (tabster) races in jsdom. Its timers can leave a freshly
 * opened dialog hidden from the queries (aria-hidden on the dialog itself), or leave the page hidden
 * after a dialog closes when that dialog was its last user. CI failed on this in three files of dialogs
 * (the ingest keys panel, the opportunity page's removal dialog, the alerts bell), each green alone; the
 * product's browsers do not meet it (the end-to-end tests open the same dialogs). A component that
 * truly never shows its dialog fails every try; the printed failures show any flakiness.
 */
jest.retryTimes(2, { logErrorsBeforeRetry: true });
