import { Tab, TabList } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { KPI_IDS, isKpiId, type KpiId } from '../model/kpis';

/** Which KPI the trend, comparison and interval charts show. */
export function KpiSelector({ value, onChange, kpis = KPI_IDS }: { value: KpiId; onChange: (kpi: KpiId) => void; kpis?: readonly KpiId[] }): ReactElement {
  const intl = useIntl();
  return (
    <TabList
      aria-label={intl.formatMessage({ id: 'overview.kpi.label' })}
      selectedValue={value}
      onTabSelect={(_event, data) => {
        if (isKpiId(data.value)) onChange(data.value);
      }}
    >
      {kpis.map((kpi) => (
        <Tab key={kpi} value={kpi}>
          {intl.formatMessage({ id: `overview.kpi.${kpi}` })}
        </Tab>
      ))}
    </TabList>
  );
}
