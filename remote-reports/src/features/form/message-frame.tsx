import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactElement } from 'react';

const useStyles = makeStyles({
  frame: {
    width: '100%',
    height: '640px',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    // The e-mail has its own light colours, whatever the product's theme.
    backgroundColor: '#ffffff',
  },
});

/**
 * An e-mail's HTML in a sandboxed frame: no script, no same-origin access, links open outside. Its
 * charts are data: URLs (the api inlines them for the browser).
 */
export function MessageFrame({ html, title }: { html: string; title: string }): ReactElement {
  const styles = useStyles();
  return <iframe className={styles.frame} title={title} sandbox="allow-popups allow-popups-to-escape-sandbox" srcDoc={html} />;
}
