import { Text } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { AppLink } from '@linepulse/shared';
import { PageFrame, useUser } from '@linepulse/shared';
import { PUBLIC_PATHS, ROUTES } from '@linepulse/contracts';

/** Any path no route matches. */
export function NotFoundPage(): ReactElement {
  const intl = useIntl();
  const user = useUser();
  const enabled = !!user?.is_tilelytics;
  return (
    <PageFrame title={intl.formatMessage({ id: 'notFound.title' })}>
      <Text as="p">{intl.formatMessage({ id: 'notFound.message' })}</Text>
      <AppLink to={enabled ? ROUTES.companyOverview.path : PUBLIC_PATHS.home}>
        {intl.formatMessage({ id: enabled ? 'common.backToOverview' : 'common.backHome' })}
      </AppLink>
    </PageFrame>
  );
}
