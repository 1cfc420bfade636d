import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  OverlayDrawer,
  Tab,
  TabList,
  Text,
} from '@fluentui/react-components';
import { DismissRegular, FilterRegular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import type { Factory } from '@linepulse/contracts';
import { selectionAtom } from '../model/selection';
import { NewFiltersTab } from './new-filters-tab';
import { SavedFiltersTab } from './saved-filters-tab';

/** The "Filters" button and the side drawer with its two tabs, new filters and saved filters (product §2). */
export function FilterDrawer({ factories }: { factories: Factory[] }): ReactElement {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<'new' | 'saved'>('new');
  const selection = useAtomValue(selectionAtom);
  const summary =
    selection.kind === 'filters'
      ? intl.formatMessage({ id: 'overview.filters.activeNew' })
      : selection.kind === 'groups'
        ? selection.savedFilterName
          ? intl.formatMessage({ id: 'overview.filters.activeSaved' }, { name: selection.savedFilterName })
          : intl.formatMessage({ id: 'overview.filters.activeGroups' })
        : null;
  const close = (): void => setOpen(false);
  return (
    <>
      {summary ? <Text role="status">{intl.formatMessage({ id: 'overview.filters.active' }, { summary })}</Text> : null}
      <Button icon={<FilterRegular />} onClick={() => setOpen(true)} aria-expanded={open}>
        {intl.formatMessage({ id: 'overview.filters.open' })}
      </Button>
      <OverlayDrawer position="end" size="medium" open={open} onOpenChange={(_e, data) => setOpen(data.open)} aria-label={intl.formatMessage({ id: 'overview.filters.title' })}>
        <DrawerHeader>
          <DrawerHeaderTitle
            action={<Button appearance="subtle" icon={<DismissRegular />} aria-label={intl.formatMessage({ id: 'overview.filters.close' })} onClick={close} />}
          >
            {intl.formatMessage({ id: 'overview.filters.title' })}
          </DrawerHeaderTitle>
          <TabList selectedValue={tab} onTabSelect={(_e, data) => setTab(data.value as 'new' | 'saved')}>
            <Tab value="new">{intl.formatMessage({ id: 'overview.filters.newTab' })}</Tab>
            <Tab value="saved">{intl.formatMessage({ id: 'overview.filters.savedTab' })}</Tab>
          </TabList>
        </DrawerHeader>
        <DrawerBody>
          {open && tab === 'new' ? <NewFiltersTab factories={factories} selection={selection} onApplied={close} /> : null}
          {open && tab === 'saved' ? <SavedFiltersTab factories={factories} selection={selection} onApplied={close} /> : null}
        </DrawerBody>
      </OverlayDrawer>
    </>
  );
}
