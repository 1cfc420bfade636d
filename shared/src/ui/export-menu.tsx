import { MenuButton } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useDeferredPopup, type PopupTriggerButtonProps } from './deferred-popup';
import { useUiText, type UiMessageKey } from './ui-messages';

export interface ExportMenuProps {
  /** What is exported, for the button's accessible name ("Export Trend"). */
  name: string;
  formats: { id: string; label: UiMessageKey }[];
  onExport: (format: string) => Promise<void> | void;
  disabled?: boolean;
}

// The menu itself (Fluent's Menu, ~15 KiB on the wire with the header's menus) loads when the user
// points at or focuses an Export button: every chart and table has one, few visits open any (decision 60).
const loadPopup = () => import(/* webpackChunkName: "export-menu-popup" */ './export-menu-popup');

/** The Export button, the same before and after its menu has loaded. */
export function ExportButton({ name, ...props }: { name: string } & PopupTriggerButtonProps): ReactElement {
  const text = useUiText();
  return (
    <MenuButton appearance="subtle" size="small" icon={<ArrowDownloadRegular />} aria-label={text('ui.export.named', { name })} {...props}>
      {text('ui.export')}
    </MenuButton>
  );
}

/** The "Export" button of a chart or table with one menu item per file format. */
export function ExportMenu(props: ExportMenuProps): ReactElement {
  const popup = useDeferredPopup(loadPopup, { haspopup: 'menu' });
  if (popup.module) return <popup.module.ExportMenuPopup {...props} />;
  return <ExportButton name={props.name} disabled={props.disabled} {...popup.triggerProps} />;
}
