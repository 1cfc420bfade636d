import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

const useStyles = makeStyles({
  link: {
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'underline',
    ':hover': { color: tokens.colorBrandForegroundLinkHover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, borderRadius: tokens.borderRadiusSmall },
  },
});

/** A router link in the theme's link colour (readable in light, dark and accessible). */
export function AppLink({ className, ...props }: LinkProps): ReactElement {
  const styles = useStyles();
  return <Link {...props} className={mergeClasses(styles.link, className)} />;
}
