import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { useId, useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { NavLink, useLocation } from 'react-router-dom';
import { activeFactoryIdAtom, useAccount, useFactories, useUser } from '@linepulse/shared';
import { factoryIdOfPath } from './current-factory';
import { buildNavigation, type NavGroup, type NavLinkItem } from './nav-model';

const useStyles = makeStyles({
  nav: { display: 'flex', flexDirection: 'column', paddingBlock: tokens.spacingVerticalS, minWidth: 0 },
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  link: {
    display: 'block',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    marginInline: tokens.spacingHorizontalXS,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, color: tokens.colorNeutralForeground2Hover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  nested: { paddingLeft: tokens.spacingHorizontalXXL },
  active: {
    backgroundColor: tokens.colorNeutralBackground1Selected,
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
    boxShadow: `inset 3px 0 0 ${tokens.colorBrandStroke1}`,
  },
  groupButton: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    width: `calc(100% - 2 * ${tokens.spacingHorizontalXS})`,
    marginInline: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    border: 'none',
    borderRadius: tokens.borderRadiusMedium,
    background: 'none',
    color: tokens.colorNeutralForeground1,
    font: 'inherit',
    fontWeight: tokens.fontWeightSemibold,
    textAlign: 'start',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  groupHeading: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  note: { display: 'block', fontSize: tokens.fontSizeBase200, fontWeight: tokens.fontWeightRegular, color: tokens.colorNeutralForeground3 },
});

function NavLinkEntry({ item, nested, onNavigate }: { item: NavLinkItem; nested?: boolean; onNavigate?: () => void }): ReactElement {
  const styles = useStyles();
  const intl = useIntl();
  return (
    <li>
      <NavLink
        to={item.to}
        onClick={onNavigate}
        className={({ isActive }) => mergeClasses(styles.link, nested && styles.nested, isActive && styles.active)}
      >
        {intl.formatMessage({ id: item.labelId })}
        {/* In the link: read with its name, so the reason is heard before the page is opened. */}
        {item.noteId ? <span className={styles.note}>{intl.formatMessage({ id: item.noteId })}</span> : null}
      </NavLink>
    </li>
  );
}

function NavGroupEntry({
  group,
  open,
  onToggle,
  onNavigate,
}: {
  group: NavGroup;
  open: boolean;
  onToggle: () => void;
  onNavigate?: () => void;
}): ReactElement {
  const styles = useStyles();
  const intl = useIntl();
  const listId = useId();
  const label = intl.formatMessage({ id: group.label.id }, group.label.values);
  const Chevron = open ? ChevronDownRegular : ChevronRightRegular;
  return (
    <li>
      <button
        type="button"
        className={styles.groupButton}
        aria-expanded={open}
        aria-controls={listId}
        aria-label={label}
        onClick={onToggle}
      >
        <Chevron aria-hidden />
        <span className={styles.groupHeading}>{group.heading ?? label}</span>
      </button>
      <ul id={listId} className={styles.list} hidden={!open} aria-label={label}>
        {group.links.map((item) => (
          <NavLinkEntry key={item.id} item={item} nested onNavigate={onNavigate} />
        ))}
      </ul>
    </li>
  );
}

export interface SideNavProps {
  /** Called after a link is followed (the overlay navigation closes itself). */
  onNavigate?: () => void;
}

/** The side navigation of product §2, a `nav` landmark named "Main navigation". */
export function SideNav({ onNavigate }: SideNavProps): ReactElement | null {
  const styles = useStyles();
  const intl = useIntl();
  const user = useUser();
  const account = useAccount();
  const factories = useFactories();
  const activeFactoryId = useAtomValue(activeFactoryIdAtom);
  const { pathname } = useLocation();
  const routeFactoryId = factoryIdOfPath(pathname);
  // The factory of the page shown; elsewhere (company overview, admin) the last factory visited.
  const currentFactoryId = routeFactoryId ?? activeFactoryId;
  const currentGroupId = currentFactoryId === null ? null : `factory:${currentFactoryId}`;
  // What the user opened or closed by hand, by group id; every other group follows `openByDefault`.
  const [choices, setChoices] = useState<Readonly<Record<string, boolean>>>({});
  const [arrivedOn, setArrivedOn] = useState(routeFactoryId);
  if (arrivedOn !== routeFactoryId) {
    // Arriving on a factory's page opens its group, even if it was closed by hand before; a group
    // opened by hand stays open.
    setArrivedOn(routeFactoryId);
    const arrivedGroupId = routeFactoryId === null ? null : `factory:${routeFactoryId}`;
    if (arrivedGroupId !== null) {
      setChoices((current) => {
        if (current[arrivedGroupId] !== false) return current;
        const { [arrivedGroupId]: _closed, ...rest } = current;
        return rest;
      });
    }
  }
  const model = buildNavigation(user, factories, account);
  if (model.links.length === 0) return null;
  // Only the current factory's group is open by default: the navigation then fits a laptop screen
  // whole (every entry visible without scrolling) however many factories the account has.
  const openByDefault = (group: NavGroup): boolean => !group.id.startsWith('factory:') || group.id === currentGroupId;
  const isOpen = (group: NavGroup): boolean => choices[group.id] ?? openByDefault(group);
  return (
    <nav className={styles.nav} aria-label={intl.formatMessage({ id: 'nav.main' })}>
      <ul className={styles.list}>
        {model.links.map((item) => (
          <NavLinkEntry key={item.id} item={item} onNavigate={onNavigate} />
        ))}
        {model.groups.map((group) => (
          <NavGroupEntry
            key={group.id}
            group={group}
            open={isOpen(group)}
            onToggle={() => setChoices((current) => ({ ...current, [group.id]: !isOpen(group) }))}
            onNavigate={onNavigate}
          />
        ))}
      </ul>
    </nav>
  );
}
