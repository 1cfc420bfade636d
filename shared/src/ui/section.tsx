import { makeStyles, tokens } from '@fluentui/react-components';
import { useId, type ReactElement, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { LoadingState } from './loading-state';
import { errorMessage } from '../i18n/translate-api-errors';

/** Stable hook for end-to-end tests: every section carries it, with data-state telling its state. */
export const SECTION_TEST_ID = 'section';

const useStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    minWidth: 0,
  },
  header: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  title: { margin: 0, flexGrow: 1, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  large: { fontSize: tokens.fontSizeHero700 },
});

export interface SectionProps {
  title: string;
  /** Hide the visible heading (the region keeps its name). */
  hideTitle?: boolean;
  loading?: boolean;
  error?: unknown;
  empty?: boolean;
  emptyMessage?: string;
  onRetry?: () => void;
  actions?: ReactNode;
  large?: boolean;
  className?: string;
  children?: ReactNode;
}

/**
 * A titled region of a page with its loading, error and empty states; `data-state` says which one is
 * on screen, so tests (and the budget measure) know when its figures are drawn.
 */
export function Section({ title, hideTitle, loading, error, empty, emptyMessage, onRetry, actions, large, className, children }: SectionProps): ReactElement {
  const styles = useStyles();
  const intl = useIntl();
  const headingId = useId();
  const state = loading ? 'loading' : error ? 'error' : empty ? 'empty' : 'ready';
  const message = error ? errorMessage(intl, error) || intl.formatMessage({ id: 'state.error.message' }) : '';
  return (
    <section
      className={[styles.section, className].filter(Boolean).join(' ')}
      aria-labelledby={headingId}
      aria-busy={loading || undefined}
      data-testid={SECTION_TEST_ID}
      data-state={state}
    >
      <div className={styles.header}>
        <h2 id={headingId} className={[styles.title, large ? styles.large : ''].join(' ')} hidden={hideTitle}>
          {title}
        </h2>
        {state === 'ready' ? actions : null}
      </div>
      {state === 'loading' ? <LoadingState /> : null}
      {state === 'error' ? <ErrorState title={intl.formatMessage({ id: 'state.error.title' })} message={message} onRetry={onRetry} /> : null}
      {state === 'empty' ? <EmptyState title={emptyMessage ?? intl.formatMessage({ id: 'state.empty.description' })} /> : null}
      {state === 'ready' ? children : null}
    </section>
  );
}
