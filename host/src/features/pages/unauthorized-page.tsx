import { Button, Text } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { PageFrame, usePreferences, useUser } from '@linepulse/shared';
import { useSessionActions } from '../../app/session-actions';

/** /unauthorized: the user is signed in but not enabled for the product; they may sign in as someone else. */
export function UnauthorizedPage(): ReactElement {
  const intl = useIntl();
  const user = useUser();
  const preferences = usePreferences();
  const { signIn } = useSessionActions();
  return (
    <PageFrame title={intl.formatMessage({ id: 'unauthorized.title' })}>
      <Text as="p">
        {user?.email
          ? intl.formatMessage({ id: 'unauthorized.message' }, { email: user.email })
          : intl.formatMessage({ id: 'unauthorized.anonymous' })}
      </Text>
      <div>
        <Button
          appearance="primary"
          onClick={() => signIn({ language: preferences.language, theme: preferences.theme, forceLogin: true })}
        >
          {intl.formatMessage({ id: 'unauthorized.signInAsAnother' })}
        </Button>
      </div>
    </PageFrame>
  );
}
