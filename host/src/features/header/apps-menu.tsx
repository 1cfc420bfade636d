import { Button, Menu, MenuItem, MenuItemLink, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { AppsRegular, CheckmarkRegular, OpenRegular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';

/** The apps menu: this product (disabled, current) and the sister product (external link). */
export function AppsMenu({ sisterProductUrl }: { sisterProductUrl: string }): ReactElement {
  const intl = useIntl();
  const sister = intl.formatMessage({ id: 'header.apps.sister' });
  return (
    <Menu positioning="below-end">
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="subtle" icon={<AppsRegular />} aria-label={intl.formatMessage({ id: 'header.apps' })} />
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
