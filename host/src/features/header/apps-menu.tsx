import { Button } from '@fluentui/react-components';
import { AppsRegular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { useDeferredPopup, type PopupTriggerButtonProps } from '@linepulse/shared';

// The menu's code loads when the user points at or focuses its button (decision 60).
const loadPopup = () => import(/* webpackChunkName: "apps-menu-popup" */ './apps-menu-popup');

/** The apps button, the same before and after its menu has loaded. */
export function AppsButton(props: PopupTriggerButtonProps): ReactElement {
  const intl = useIntl();
  return <Button appearance="subtle" icon={<AppsRegular />} aria-label={intl.formatMessage({ id: 'header.apps' })} {...props} />;
}

/** The apps menu: this product (disabled, current) and the sister product (external link). */
export function AppsMenu({ sisterProductUrl }: { sisterProductUrl: string }): ReactElement {
  const popup = useDeferredPopup(loadPopup, { haspopup: 'menu' });
  if (popup.module) return <popup.module.AppsMenuPopup sisterProductUrl={sisterProductUrl} />;
  return <AppsButton {...popup.triggerProps} />;
}
