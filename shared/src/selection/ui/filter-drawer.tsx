import { Button, Text } from '@fluentui/react-components';
import { FilterRegular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { Suspense, lazy, useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import type { Factory } from '@linepulse/contracts';
import { selectionAtom, sharedLineNames } from '../selection';

// The drawer and its forms (formik, dialogs, inputs: ~11 KiB on the wire) load when the user points at
// or opens the Filters button, not with the page: most visits never open it.
const loadPanel = () => import(/* webpackChunkName: "filter-panel" */ './filter-panel');
const FilterPanel = lazy(() => loadPanel().then((module) => ({ default: module.FilterPanel })));

/** The "Filters" button and the side drawer with its two tabs, new filters and saved filters (product §2). */
export function FilterDrawer({ factories }: { factories: Factory[] }): ReactElement {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so the drawer keeps its tab and animates when closed.
  const [opened, setOpened] = useState(false);
  const selection = useAtomValue(selectionAtom);
  const summary =
    selection.kind === 'filters'
      ? intl.formatMessage({ id: 'filters.activeNew' })
      : selection.kind === 'groups'
        ? selection.savedFilterName
          ? intl.formatMessage({ id: 'filters.activeSaved' }, { name: selection.savedFilterName })
          : intl.formatMessage({ id: 'filters.activeGroups' })
        : null;
  // Groups that share a line (a filter saved before the form warned of it, too): say what the total means.
  const shared = selection.kind === 'groups' ? sharedLineNames(selection.groups, factories) : [];
  const preload = (): void => void loadPanel().catch(() => undefined);
  return (
    <>
      {summary ? <Text role="status">{intl.formatMessage({ id: 'filters.active' }, { summary })}</Text> : null}
      {shared.length > 0 ? (
        <Text role="note">{intl.formatMessage({ id: 'filters.sharedLines' }, { lines: intl.formatList(shared, { type: 'conjunction' }) })}</Text>
      ) : null}
      <Button
        icon={<FilterRegular />}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        aria-expanded={open}
      >
        {intl.formatMessage({ id: 'filters.open' })}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <FilterPanel factories={factories} selection={selection} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
