import {
  Avatar,
  Menu,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuItemCheckbox,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
  type MenuProps,
} from '@fluentui/react-components';
import { DocumentTextRegular, SignOutRegular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { atLeast, useBreakpoint, useOpenAfterMount, usePreferences, useSavePreferences } from '@linepulse/shared';
import {
  APP_VERSION,
  LANGUAGES,
  PUBLIC_PATHS,
  ROLE_LABEL_KEY,
  THEMES,
  initials,
  isLanguage,
  isTheme,
} from '@linepulse/contracts';
import { useSessionActions } from '../../app/session-actions';
import { SettingsButton, type SettingsMenuProps } from './settings-menu';
import { useFullscreen } from './use-fullscreen';

const useStyles = makeStyles({
  identity: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: tokens.spacingHorizontalM,
    alignItems: 'center',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS} ${tokens.spacingVerticalM}`,
    maxWidth: '320px',
  },
  identityText: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  secondary: { color: tokens.colorNeutralForeground3 },
  version: { display: 'block', padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, color: tokens.colorNeutralForeground3 },
});

/** The settings menu of product §2 once asked for (settings-menu.tsx draws its button until then), mounted open. */
export function SettingsMenuPopup({ user, version = APP_VERSION }: SettingsMenuProps): ReactElement {
  const styles = useStyles();
  const intl = useIntl();
  const navigate = useNavigate();
  const preferences = usePreferences();
  const savePreferences = useSavePreferences();
  const { signOut } = useSessionActions();
  const breakpoint = useBreakpoint();
  const { fullscreen, toggle } = useFullscreen();
  const openState = useOpenAfterMount();
  // Full screen is for wall displays: the presenter role on a non-mobile screen.
  const canFullscreen = user.role === 'presenter' && atLeast(breakpoint, 'sm');
  const roleLabel = intl.formatMessage({ id: ROLE_LABEL_KEY[user.role] });
  const userInitials = initials(user.display_name);

  const checkedValues = {
    language: [preferences.language],
    theme: [preferences.theme],
    fullscreen: fullscreen ? ['on'] : [],
  };
  const onCheckedValueChange: MenuProps['onCheckedValueChange'] = (_event, { name, checkedItems }) => {
    const value = checkedItems[0];
    if (name === 'language' && isLanguage(value)) void savePreferences({ language: value });
    if (name === 'theme' && isTheme(value)) void savePreferences({ theme: value });
    if (name === 'fullscreen') toggle();
  };

  return (
    <Menu checkedValues={checkedValues} onCheckedValueChange={onCheckedValueChange} positioning="below-end" {...openState}>
      <MenuTrigger disableButtonEnhancement>
        <SettingsButton user={user} />
      </MenuTrigger>
      <MenuPopover>
        <div className={styles.identity}>
          <Avatar initials={userInitials} name={user.display_name} color="colorful" size={40} aria-hidden />
          <div className={styles.identityText}>
            <Text weight="semibold" className={styles.ellipsis}>
              {user.display_name}
            </Text>
            <Text size={200} className={mergeClasses(styles.ellipsis, styles.secondary)}>
              {user.email}
            </Text>
            <Text size={200} className={styles.secondary}>
              {roleLabel}
            </Text>
          </div>
        </div>
        <MenuList>
          <MenuGroup>
            <MenuGroupHeader>{intl.formatMessage({ id: 'header.language' })}</MenuGroupHeader>
            {LANGUAGES.map((language) => (
              <MenuItemRadio key={language} name="language" value={language} lang={language}>
                {intl.formatMessage({ id: `language.${language}` })}
              </MenuItemRadio>
            ))}
          </MenuGroup>
          <MenuDivider />
          <MenuGroup>
            <MenuGroupHeader>{intl.formatMessage({ id: 'header.theme' })}</MenuGroupHeader>
            {THEMES.map((theme) => (
              <MenuItemRadio key={theme} name="theme" value={theme}>
                {intl.formatMessage({ id: `theme.${theme}` })}
              </MenuItemRadio>
            ))}
          </MenuGroup>
          {canFullscreen ? (
            <>
              <MenuDivider />
              <MenuItemCheckbox name="fullscreen" value="on">
                {intl.formatMessage({ id: 'header.fullscreen' })}
              </MenuItemCheckbox>
            </>
          ) : null}
          <MenuDivider />
          <MenuItem icon={<DocumentTextRegular />} onClick={() => navigate(PUBLIC_PATHS.termsOfService)}>
            {intl.formatMessage({ id: 'header.termsOfService' })}
          </MenuItem>
          <MenuItem icon={<SignOutRegular />} onClick={signOut}>
            {intl.formatMessage({ id: 'header.signOut' })}
          </MenuItem>
        </MenuList>
        <Text size={200} className={styles.version}>
          {intl.formatMessage({ id: 'header.version' }, { version })}
        </Text>
      </MenuPopover>
    </Menu>
  );
}
