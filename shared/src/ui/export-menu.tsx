import { Menu, MenuButton, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useRef, useState, type ReactElement } from 'react';
import { useFocusReturn } from './focus-return';
import { useNotifier } from '../state/notifier';
import { useUiText, type UiMessageKey } from './ui-messages';

export interface ExportMenuProps {
  /** What is exported, for the button's accessible name ("Export Trend"). */
  name: string;
  formats: { id: string; label: UiMessageKey }[];
  onExport: (format: string) => Promise<void> | void;
  disabled?: boolean;
}

/** The "Export" button of a chart or table with one menu item per file format. */
export function ExportMenu({ name, formats, onExport, disabled }: ExportMenuProps): ReactElement {
  const text = useUiText();
  const notifier = useNotifier();
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  useFocusReturn(open, trigger, popover);
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
    <Menu positioning="below-end" open={open} onOpenChange={(_event, data) => setOpen(data.open)}>
      <MenuTrigger disableButtonEnhancement>
        <MenuButton
          ref={trigger}
          appearance="subtle"
          size="small"
          icon={<ArrowDownloadRegular />}
          disabled={disabled || busy}
          aria-label={text('ui.export.named', { name })}
        >
          {text('ui.export')}
        </MenuButton>
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
