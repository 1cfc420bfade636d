import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { DataBarVerticalRegular } from '@fluentui/react-icons';
import type { ReactElement, ReactNode } from 'react';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalXXL,
    textAlign: 'center',
    color: tokens.colorNeutralForeground2,
  },
  icon: { fontSize: '40px', color: tokens.colorNeutralForeground3 },
});

export interface EmptyStateProps {
  title: string;
  description?: string;
  /** An optional call to action (a link or a button). */
  action?: ReactNode;
}

/** Nothing to show for the selection. */
export function EmptyState({ title, description, action }: EmptyStateProps): ReactElement {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <DataBarVerticalRegular className={styles.icon} aria-hidden />
      <Text as="p" weight="semibold" size={400}>
        {title}
      </Text>
      {description ? <Text as="p">{description}</Text> : null}
      {action}
    </div>
  );
}
