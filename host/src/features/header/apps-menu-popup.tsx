import { Menu, MenuItem, MenuItemLink, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { CheckmarkRegular, OpenRegular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { useOpenAfterMount } from '@linepulse/shared';
import { AppsButton } from './apps-menu';

/** The apps menu once asked for (apps-menu.tsx draws its button until then), mounted open. */
export function AppsMenuPopup({ sisterProductUrl }: { sisterProductUrl: string }): ReactElement {
  const intl = useIntl();
  const sister = intl.formatMessage({ id: 'header.apps.sister' });
  const openState = useOpenAfterMount();
  return (
    <Menu positioning="below-end" {...openState}>
      <MenuTrigger disableButtonEnhancement>
        <AppsButton />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem disabled icon={<CheckmarkRegular />}>
            {intl.formatMessage({ id: 'header.apps.current' })}
          </MenuItem>
          <MenuItemLink
            href={sisterProductUrl}
            target="_blank"
            rel="noopener noreferrer"
            icon={<OpenRegular />}
            aria-label={intl.formatMessage({ id: 'header.apps.opensInNewTab' }, { name: sister })}
          >
            {sister}
          </MenuItemLink>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
