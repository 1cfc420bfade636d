import { Button, DrawerBody, DrawerHeader, DrawerHeaderTitle, OverlayDrawer, Tab, TabList } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import type { Factory } from '@linepulse/contracts';
import type { Selection } from '../selection';
import { NewFiltersTab } from './new-filters-tab';
import { SavedFiltersTab } from './saved-filters-tab';

export interface FilterPanelProps {
  factories: Factory[];
  selection: Selection;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The filter drawer itself, with its two tabs, new filters and saved filters (product §2). */
export function FilterPanel({ factories, selection, open, onOpenChange }: FilterPanelProps): ReactElement {
  const intl = useIntl();
  const [tab, setTab] = useState<'new' | 'saved'>('new');
  const close = (): void => onOpenChange(false);
  return (
    <OverlayDrawer position="end" size="medium" open={open} onOpenChange={(_e, data) => onOpenChange(data.open)} aria-label={intl.formatMessage({ id: 'filters.title' })}>
      <DrawerHeader>
        <DrawerHeaderTitle
          action={<Button appearance="subtle" icon={<DismissRegular />} aria-label={intl.formatMessage({ id: 'filters.close' })} onClick={close} />}
        >
          {intl.formatMessage({ id: 'filters.title' })}
        </DrawerHeaderTitle>
        <TabList selectedValue={tab} onTabSelect={(_e, data) => setTab(data.value as 'new' | 'saved')}>
          <Tab value="new">{intl.formatMessage({ id: 'filters.newTab' })}</Tab>
          <Tab value="saved">{intl.formatMessage({ id: 'filters.savedTab' })}</Tab>
        </TabList>
      </DrawerHeader>
      <DrawerBody>
        {open && tab === 'new' ? <NewFiltersTab factories={factories} selection={selection} onApplied={close} /> : null}
        {open && tab === 'saved' ? <SavedFiltersTab factories={factories} selection={selection} onApplied={close} /> : null}
      </DrawerBody>
    </OverlayDrawer>
  );
}
