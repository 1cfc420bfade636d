import { Menu, MenuItemCheckbox, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { useOpenAfterMount } from '@linepulse/shared';
import { FactoryPickerButton, type FactoryPickerProps } from './factory-picker';

/**
 * The factories as checkable items, once asked for (factory-picker.tsx draws the button until then),
 * mounted open. Items keep the menu open, so several are chosen in one go; the last one stays checked.
 */
export function FactoryPickerPopup({ factories, value, onChange, id, labelId, summary }: FactoryPickerProps & { id: string; labelId: string; summary: string }): ReactElement {
  const openState = useOpenAfterMount();
  return (
    <Menu
      {...openState}
      checkedValues={{ factories: value }}
      onCheckedValueChange={(_event, { checkedItems }) => {
        if (checkedItems.length === 0) return;
        onChange(checkedItems.length === factories.length ? null : checkedItems);
      }}
    >
      <MenuTrigger disableButtonEnhancement>
        <FactoryPickerButton id={id} labelId={labelId} summary={summary} />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {factories.map((factory) => (
            <MenuItemCheckbox key={factory.id} name="factories" value={factory.id} persistOnClick>
              {factory.name}
            </MenuItemCheckbox>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
