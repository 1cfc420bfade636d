import type { ComponentType, ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { PageFrame, useFactories } from '@linepulse/shared';

/**
 * A performance-manager page. Its factory, production unit and (for planned downtime) downtime reason
 * come as query parameters (product §2), so links from the overview land on one unit's opportunities.
 */
export function opportunityPage(kind: 'shiftChanges' | 'lineStarts' | 'productChanges' | 'plannedDowntimes'): ComponentType {
  function OpportunityPage(): ReactElement {
    const intl = useIntl();
    const [search] = useSearchParams();
    const factory = useFactories().find((f) => f.id === search.get('factoryId'));
    const unit = factory?.production_units.find((u) => u.id === search.get('productionUnitId'));
    const title = intl.formatMessage({ id: `opportunities.${kind}.title` });
    return (
      <PageFrame
        title={[title, factory?.name, unit?.name].filter(Boolean).join(' — ')}
        description={intl.formatMessage({ id: `opportunities.${kind}.description` })}
      >
        {null}
      </PageFrame>
    );
  }
  OpportunityPage.displayName = `OpportunityPage(${kind})`;
  return OpportunityPage;
}
