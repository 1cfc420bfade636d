import { Avatar, Button } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { useDeferredPopup, type PopupTriggerButtonProps } from '@linepulse/shared';
import { initials, type UserClaims } from '@linepulse/contracts';

export interface SettingsMenuProps {
  user: UserClaims;
  version?: string;
}

// The menu's code loads when the user points at or focuses the avatar button (decision 60).
const loadPopup = () => import(/* webpackChunkName: "settings-menu-popup" */ './settings-menu-popup');

/** The avatar button named "Settings, {initials} ({name})", the same before and after its menu has loaded. */
export function SettingsButton({ user, ...props }: { user: UserClaims } & PopupTriggerButtonProps): ReactElement {
  const intl = useIntl();
  const shown = initials(user.display_name);
  return (
    <Button
      appearance="transparent"
      shape="circular"
      // The name holds the initials the button shows (WCAG 2.5.3, label in name): someone using speech
      // input says what they see, "click AM"; a screen reader hears whose settings they are.
      aria-label={intl.formatMessage({ id: 'header.settings' }, { name: user.display_name, initials: shown })}
      icon={<Avatar initials={shown} name={user.display_name} color="colorful" size={32} aria-hidden />}
      {...props}
    />
  );
}

/** The settings menu of product §2, opened by the avatar button ("Settings, …"). */
export function SettingsMenu(props: SettingsMenuProps): ReactElement {
  const popup = useDeferredPopup(loadPopup, { haspopup: 'menu' });
  if (popup.module) return <popup.module.SettingsMenuPopup {...props} />;
  return <SettingsButton user={props.user} {...popup.triggerProps} />;
}
