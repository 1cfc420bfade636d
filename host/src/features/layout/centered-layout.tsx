import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactElement, ReactNode } from 'react';
import { Outlet } from 'react-router-dom';

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingHorizontalL,
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  card: {
    width: 'min(560px, 100%)',
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
  },
});

/** The simple centered layout of the public pages (product §2). */
export function CenteredLayout({ children }: { children?: ReactNode }): ReactElement {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <div className={styles.card}>{children ?? <Outlet />}</div>
    </div>
  );
}
