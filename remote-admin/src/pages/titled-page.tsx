import type { ComponentType, ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { PageFrame } from '@linepulse/shared';

/** An admin page framed by its title and description; its form is built by its own issue. */
export function titledPage(titleId: string, descriptionId: string): ComponentType {
  function TitledPage(): ReactElement {
    const intl = useIntl();
    return (
      <PageFrame title={intl.formatMessage({ id: titleId })} description={intl.formatMessage({ id: descriptionId })}>
        {null}
      </PageFrame>
    );
  }
  TitledPage.displayName = `TitledPage(${titleId})`;
  return TitledPage;
}
