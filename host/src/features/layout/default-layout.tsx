import { InlineDrawer, makeStyles, tokens } from '@fluentui/react-components';
import { Suspense, lazy, useId, useState, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Outlet, useLocation } from 'react-router-dom';
import { atLeast, useBreakpoint, useUser } from '@linepulse/shared';
import { Header } from '../header/header';
import { SideNav } from '../navigation/side-nav';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', height: '100vh', minHeight: 0 },
  skip: {
    position: 'absolute',
    left: '-10000px',
    top: 'auto',
    ':focus': {
      left: tokens.spacingHorizontalM,
      top: tokens.spacingVerticalS,
      zIndex: 100,
      padding: tokens.spacingHorizontalS,
      backgroundColor: tokens.colorNeutralBackground1,
      color: tokens.colorNeutralForeground1,
    },
  },
  body: { display: 'flex', flexGrow: 1, minHeight: 0 },
  drawer: { width: '272px', flexShrink: 0, borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  drawerBody: { height: '100%', overflowY: 'auto' },
  // The page scrolls here, never the document: positioned, so absolutely placed descendants (the
  // charts' screen-reader announcers) stay inside this panel instead of stretching the document, which
  // then scrolled header and navigation out of view.
  content: { position: 'relative', flexGrow: 1, minWidth: 0, overflow: 'auto', backgroundColor: tokens.colorNeutralBackground2, outline: 'none' },
});

// The overlay (a modal Fluent Dialog under the drawer) is for narrow screens only: loaded there, so the
// wide screen's first visit does not carry it (decision 60).
const OverlayDrawer = lazy(() => import(/* webpackChunkName: "overlay-drawer" */ './overlay-drawer'));

/** Fluent sizes drawers through this variable. */
const DRAWER_SIZE = { '--fui-Drawer--size': '272px' } as CSSProperties;

/**
 * Header plus collapsible side navigation (product §2): inline from 960 px, an overlay below it. Users
 * not enabled for the product get the header only.
 */
export function DefaultLayout({ children }: { children?: ReactNode }): ReactElement {
  const styles = useStyles();
  const intl = useIntl();
  const user = useUser();
  const wide = atLeast(useBreakpoint(), 'md');
  const [inlineOpen, setInlineOpen] = useState(true);
  // The overlay belongs to the page it was opened on: going somewhere else closes it.
  const [overlayOpenOn, setOverlayOpenOn] = useState<string | null>(null);
  const navId = useId();
  const { pathname } = useLocation();
  const hasNavigation = !!user?.is_tilelytics;
  const overlayOpen = overlayOpenOn === pathname;
  const setOverlayOpen = (value: boolean | ((open: boolean) => boolean)): void => {
    const next = typeof value === 'function' ? value(overlayOpen) : value;
    setOverlayOpenOn(next ? pathname : null);
  };

  const open = wide ? inlineOpen : overlayOpen;
  const toggle = (): void => (wide ? setInlineOpen((v) => !v) : setOverlayOpen((v) => !v));
  const navigation = <SideNav onNavigate={wide ? undefined : () => setOverlayOpen(false)} />;

  return (
    <div className={styles.root}>
      <a href="#content" className={styles.skip}>
        {intl.formatMessage({ id: 'common.skipToContent' })}
      </a>
      <Header navigation={hasNavigation ? { open, toggle, controls: navId } : undefined} />
      <div className={styles.body}>
        {hasNavigation && wide ? (
          <InlineDrawer id={navId} open={inlineOpen} className={styles.drawer} style={DRAWER_SIZE} separator={false}>
            <div className={styles.drawerBody}>{navigation}</div>
          </InlineDrawer>
        ) : null}
        {hasNavigation && !wide ? (
          <Suspense fallback={null}>
            <OverlayDrawer
              id={navId}
              open={overlayOpen}
              onOpenChange={(_event, data) => setOverlayOpen(data.open)}
              className={styles.drawer}
              style={DRAWER_SIZE}
              aria-label={intl.formatMessage({ id: 'nav.main' })}
            >
              <div className={styles.drawerBody}>{navigation}</div>
            </OverlayDrawer>
          </Suspense>
        ) : null}
        <div id="content" className={styles.content} tabIndex={-1}>
          {children ?? <Outlet />}
        </div>
      </div>
    </div>
  );
}
