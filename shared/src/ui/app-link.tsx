import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { createContext, useContext, type ReactElement } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

const useStyles = makeStyles({
  link: {
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'underline',
    ':hover': { color: tokens.colorBrandForegroundLinkHover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, borderRadius: tokens.borderRadiusSmall },
  },
});

/**
 * Where a page's links lead when the page is shown outside Linepulse (an embed in another product): to
 * Linepulse itself, at `base`, opened in a new tab, or handed to the embedding product (`onNavigate`).
 */
export interface ExternalLinks {
  /** Linepulse's address, e.g. https://linepulse.example.com. */
  base: string;
  /** Called instead of opening a tab, with the page's full address in Linepulse. */
  onNavigate?: (url: string) => void;
}

export const ExternalLinksContext = createContext<ExternalLinks | null>(null);

/**
 * A router link in the theme's link colour (readable in light, dark and accessible). Inside an embed,
 * a real link to the page in Linepulse (so "open in a new tab" works too), handed to the embedding
 * product when it asked for links.
 */
export function AppLink({ className, ...props }: LinkProps): ReactElement {
  const styles = useStyles();
  const external = useContext(ExternalLinksContext);
  const classes = mergeClasses(styles.link, className);
  if (!external || typeof props.to !== 'string') return <Link {...props} className={classes} />;
  const href = new URL(props.to, external.base).href;
  // What is the router's, not the anchor's.
  const { to: _to, children, replace: _replace, state: _state, reloadDocument: _reload, preventScrollReset: _scroll, relative: _relative, viewTransition: _transition, ...anchor } = props;
  const { onNavigate } = external;
  return (
    <a
      {...anchor}
      href={href}
      className={classes}
      {...(onNavigate
        ? {
            onClick: (event) => {
              anchor.onClick?.(event);
              // A plain click goes to the embedding product; modified clicks keep the browser's meaning.
              if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
              event.preventDefault();
              onNavigate(href);
            },
          }
        : { target: '_blank', rel: 'noopener noreferrer' })}
    >
      {children}
    </a>
  );
}
