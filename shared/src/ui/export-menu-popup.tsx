import { Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { useRef, useState, type ReactElement } from 'react';
import { useOpenAfterMount } from './deferred-popup';
import { useFocusReturn } from './focus-return';
import { useNotifier } from '../state/notifier';
import { ExportButton, type ExportMenuProps } from './export-menu';
import { useUiText } from './ui-messages';

/**
 * The export menu once the user has asked for it (export-menu.tsx draws its button until then): mounted
 * open, so focus moves to its first item; it stays mounted afterwards.
 */
export function ExportMenuPopup({ name, formats, onExport, disabled }: ExportMenuProps): ReactElement {
  const text = useUiText();
  const notifier = useNotifier();
  const [busy, setBusy] = useState(false);
  const openState = useOpenAfterMount();
  const trigger = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  useFocusReturn(openState.open, trigger, popover);
  const run = async (format: string): Promise<void> => {
    setBusy(true);
    try {
      await onExport(format);
    } catch {
      notifier.error(text('ui.export.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu positioning="below-end" {...openState}>
      <MenuTrigger disableButtonEnhancement>
        <ExportButton ref={trigger} name={name} disabled={disabled || busy} />
      </MenuTrigger>
      <MenuPopover ref={popover}>
        <MenuList>
          {formats.map((format) => (
            <MenuItem key={format.id} onClick={() => void run(format.id)}>
              {text(format.label)}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
