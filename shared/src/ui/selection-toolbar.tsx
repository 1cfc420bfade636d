import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactElement, ReactNode } from 'react';
import { useIntl } from 'react-intl';

const useStyles = makeStyles({
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalL,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
  },
});

/** The band above an analytics page's figures that holds its selection (period, filters, interval…), named for screen readers. */
export function SelectionToolbar({ children }: { children: ReactNode }): ReactElement {
  const styles = useStyles();
  const intl = useIntl();
  return (
    <div className={styles.toolbar} role="group" aria-label={intl.formatMessage({ id: 'filters.title' })}>
      {children}
    </div>
  );
}
