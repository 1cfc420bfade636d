import { makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useId, type ReactElement, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

const useStyles = makeStyles({
  main: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalXXL}`,
    minWidth: 0,
    '@media (max-width: 599px)': { padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalM}` },
  },
  header: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: tokens.spacingHorizontalL },
  titles: { flexGrow: 1, minWidth: 0 },
  title: { margin: 0, fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold },
  description: { margin: `${tokens.spacingVerticalXS} 0 0`, color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

export interface PageFrameProps {
  title: string;
  description?: string;
  actions?: ReactNode;
  children?: ReactNode;
}

/** Every page's frame: the `main` landmark labelled by the page's h1, and the document title. */
export function PageFrame({ title, description, actions, children }: PageFrameProps): ReactElement {
  const styles = useStyles();
  const headingId = useId();
  const intl = useIntl();
  const product = intl.formatMessage({ id: 'app.name' });
  useEffect(() => {
    document.title = title === product ? product : `${title} · ${product}`;
  }, [title, product]);
  return (
    <main className={styles.main} aria-labelledby={headingId}>
      <div className={styles.header}>
        <div className={styles.titles}>
          <h1 id={headingId} className={styles.title}>
            {title}
          </h1>
          {description ? <p className={styles.description}>{description}</p> : null}
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      {children}
    </main>
  );
}
