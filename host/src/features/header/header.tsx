import { Button, makeStyles, tokens, useRestoreFocusTarget } from '@fluentui/react-components';
import { NavigationRegular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useUser } from '@linepulse/shared';
import { ROUTES } from '@linepulse/contracts';
import { useRuntimeConfig } from '../../app/runtime-config-context';
import { AlertsBell } from '../alerts/alerts-bell';
import { AppsMenu } from './apps-menu';
import { SettingsMenu } from './settings-menu';

const useStyles = makeStyles({
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    height: '52px',
    paddingInline: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground3,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    flexShrink: 0,
  },
  brand: {
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightSemibold,
    textDecorationLine: 'none',
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, borderRadius: tokens.borderRadiusMedium },
  },
  pulse: { color: tokens.colorBrandForeground1 },
  spacer: { flexGrow: 1 },
});

export interface HeaderProps {
  /** Present when there is a side navigation to show or hide. */
  navigation?: { open: boolean; toggle: () => void; controls: string };
}

/** The banner: navigation toggle, product name, the alerts bell (enabled users), apps menu and settings menu (product §2). */
export function Header({ navigation }: HeaderProps): ReactElement {
  const styles = useStyles();
  const intl = useIntl();
  const user = useUser();
  const config = useRuntimeConfig();
  // The overlay navigation (a modal drawer) gives focus back to this button when it closes.
  const restoreFocusTarget = useRestoreFocusTarget();
  return (
    <header className={styles.header} aria-label={intl.formatMessage({ id: 'header.banner' })}>
      {navigation ? (
        <Button
          appearance="subtle"
          icon={<NavigationRegular />}
          aria-label={intl.formatMessage({ id: 'nav.toggle' })}
          aria-expanded={navigation.open}
          aria-controls={navigation.controls}
          onClick={navigation.toggle}
          {...restoreFocusTarget}
        />
      ) : null}
      <Link to={user?.is_tilelytics ? ROUTES.companyOverview.path : '/home'} className={styles.brand}>
        Line<span className={styles.pulse}>pulse</span>
      </Link>
      <span className={styles.spacer} />
      {user?.is_tilelytics ? <AlertsBell user={user} /> : null}
      <AppsMenu sisterProductUrl={config.sisterProductUrl} />
      {user ? <SettingsMenu user={user} version={config.version} /> : null}
    </header>
  );
}
