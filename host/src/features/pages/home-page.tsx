import { Button, ToggleButton, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { AppLink } from '@linepulse/shared';
import { PageFrame, usePreferences, useSavePreferences } from '@linepulse/shared';
import { LANGUAGES, PUBLIC_PATHS } from '@linepulse/contracts';
import { useSessionActions } from '../../app/session-actions';

const useStyles = makeStyles({
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalL },
  languages: { display: 'flex', gap: tokens.spacingHorizontalXS },
  footer: { fontSize: tokens.fontSizeBase200 },
});

/** /home: welcome and sign-in (product §2). The login page gets the language and theme as hints. */
export function HomePage(): ReactElement {
  const styles = useStyles();
  const intl = useIntl();
  const preferences = usePreferences();
  const savePreferences = useSavePreferences();
  const { signIn } = useSessionActions();
  const [redirecting, setRedirecting] = useState(false);
  return (
    <PageFrame title={intl.formatMessage({ id: 'home.title' })} description={intl.formatMessage({ id: 'home.description' })}>
      <div className={styles.actions}>
        <Button
          appearance="primary"
          size="large"
          disabled={redirecting}
          onClick={() => {
            setRedirecting(true);
            signIn({ language: preferences.language, theme: preferences.theme });
          }}
        >
          {intl.formatMessage({ id: redirecting ? 'home.signingIn' : 'home.signIn' })}
        </Button>
        <div role="group" aria-label={intl.formatMessage({ id: 'header.language' })} className={styles.languages}>
          {LANGUAGES.map((language) => (
            <ToggleButton
              key={language}
              size="small"
              appearance="subtle"
              lang={language}
              checked={preferences.language === language}
              onClick={() => void savePreferences({ language })}
            >
              {intl.formatMessage({ id: `language.${language}` })}
            </ToggleButton>
          ))}
        </div>
      </div>
      <AppLink className={styles.footer} to={PUBLIC_PATHS.termsOfService}>
        {intl.formatMessage({ id: 'header.termsOfService' })}
      </AppLink>
    </PageFrame>
  );
}
