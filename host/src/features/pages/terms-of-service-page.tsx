import { Text } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { PageFrame, useUser } from '@linepulse/shared';
import { PUBLIC_PATHS, ROUTES } from '@linepulse/contracts';
import { AppLink } from '@linepulse/shared';

/** /terms-of-service, for everyone. */
export function TermsOfServicePage(): ReactElement {
  const intl = useIntl();
  const enabled = !!useUser()?.is_tilelytics;
  return (
    <PageFrame title={intl.formatMessage({ id: 'terms.title' })}>
      {(['terms.intro', 'terms.use', 'terms.data', 'terms.availability'] as const).map((id) => (
        <Text as="p" key={id}>
          {intl.formatMessage({ id })}
        </Text>
      ))}
      <AppLink to={enabled ? ROUTES.companyOverview.path : PUBLIC_PATHS.home}>
        {intl.formatMessage({ id: enabled ? 'common.backToOverview' : 'common.backHome' })}
      </AppLink>
    </PageFrame>
  );
}
