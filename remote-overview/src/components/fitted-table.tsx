import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

const useStyles = makeStyles({
  // The table's scroller, marked: a shadow stands at each edge that hides columns. The covers scroll with
  // the content (attachment local) and hide a shadow where nothing lies beyond it.
  frame: {
    overflowX: 'auto',
    minWidth: 0,
    backgroundImage: [
      `linear-gradient(to right, ${tokens.colorNeutralBackground1} 30%, transparent)`,
      `linear-gradient(to left, ${tokens.colorNeutralBackground1} 30%, transparent)`,
      `linear-gradient(to right, ${tokens.colorNeutralShadowKey}, transparent)`,
      `linear-gradient(to left, ${tokens.colorNeutralShadowKey}, transparent)`,
    ].join(', '),
    backgroundPosition: 'left center, right center, left center, right center',
    backgroundRepeat: 'no-repeat',
    backgroundSize: '40px 100%, 40px 100%, 16px 100%, 16px 100%',
    backgroundAttachment: 'local, local, scroll, scroll',
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
    // The data table's own scroller gives way to this one, which is marked and reachable by keyboard.
    '& > div > div:last-child': { overflowX: 'visible' },
  },
  // Tighter cells, smaller type and hyphenated headers: a dashboard's twelve columns fit 1280 px with the
  // navigation open (issue 22).
  dense: {
    '& table': { fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200 },
    '& th, & td': { paddingLeft: tokens.spacingHorizontalXS, paddingRight: tokens.spacingHorizontalXS },
    '& th': { hyphens: 'auto' },
  },
  hint: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

export interface FittedTableProps {
  /** The table's name: the region it scrolls in, once it has to, is named after it. */
  label: string;
  /** Dense cells (not in TV mode, whose large type is meant to be read from afar). */
  dense?: boolean;
  children: ReactNode;
}

/**
 * A wide data table that fits its columns where it can and, where it cannot, scrolls sideways visibly
 * (shadows at the hidden edges and a hint) and by keyboard (the region takes focus, arrows scroll it).
 */
export function FittedTable({ label, dense = true, children }: FittedTableProps): ReactElement {
  const styles = useStyles();
  const intl = useIntl();
  const hintId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const frame = ref.current;
    if (!frame) return undefined;
    const check = (): void => setOverflowing(frame.scrollWidth > frame.clientWidth + 1);
    if (typeof ResizeObserver === 'undefined') {
      check();
      return undefined;
    }
    // The observer reports each observed element once as observation starts, after the browser's own
    // layout: measuring here instead (scrollWidth) forced a layout of the whole page in every render's
    // effect (~20 ms a returning user's visit, CPU profile of `pnpm budgets`' warm visit).
    const observer = new ResizeObserver(check);
    observer.observe(frame);
    const table = frame.querySelector('table');
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, [children]);
  return (
    <>
      {overflowing ? (
        <p id={hintId} className={styles.hint}>
          {intl.formatMessage({ id: 'overview.table.scrollHint' })}
        </p>
      ) : null}
      <div
        ref={ref}
        className={mergeClasses(styles.frame, dense && styles.dense)}
        role={overflowing ? 'region' : undefined}
        aria-label={overflowing ? label : undefined}
        tabIndex={overflowing ? 0 : undefined}
        aria-describedby={overflowing ? hintId : undefined}
        data-overflowing={overflowing || undefined}
      >
        {children}
      </div>
    </>
  );
}
