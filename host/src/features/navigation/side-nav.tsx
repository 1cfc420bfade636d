import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { useId, useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { NavLink } from 'react-router-dom';
import { activeFactoryIdAtom, useFactories, useUser } from '@linepulse/shared';
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
      </NavLink>
    </li>
  );
}

function NavGroupEntry({ group, initiallyOpen, onNavigate }: { group: NavGroup; initiallyOpen: boolean; onNavigate?: () => void }): ReactElement {
  const styles = useStyles();
  const intl = useIntl();
  const [open, setOpen] = useState(initiallyOpen);
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
        onClick={() => setOpen((value) => !value)}
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

/** The side navigation of SPEC §2, a `nav` landmark named "Main navigation". */
export function SideNav({ onNavigate }: SideNavProps): ReactElement | null {
  const styles = useStyles();
  const intl = useIntl();
  const user = useUser();
  const factories = useFactories();
  const activeFactoryId = useAtomValue(activeFactoryIdAtom);
  const model = buildNavigation(user, factories);
  if (model.links.length === 0) return null;
  // Few factories: all open; many: only the active one, so the list stays short.
  const openFactory = (group: NavGroup): boolean =>
    !group.id.startsWith('factory:') || factories.length <= 3 || group.id === `factory:${activeFactoryId}`;
  return (
    <nav className={styles.nav} aria-label={intl.formatMessage({ id: 'nav.main' })}>
      <ul className={styles.list}>
        {model.links.map((item) => (
          <NavLinkEntry key={item.id} item={item} onNavigate={onNavigate} />
        ))}
        {model.groups.map((group) => (
          <NavGroupEntry key={group.id} group={group} initiallyOpen={openFactory(group)} onNavigate={onNavigate} />
        ))}
      </ul>
    </nav>
  );
}
