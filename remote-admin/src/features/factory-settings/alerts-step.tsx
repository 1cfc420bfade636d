import { Text } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import type { Factory } from '@linepulse/contracts';
import { AlertRulesPanel } from '../alert-rules/alert-rules-panel';

/** After the machines: the factory's alert rules (issue 25), saved one by one, not by the summary's save. */
export function AlertsStep({ factory }: { factory: Factory | null }): ReactElement {
  const intl = useIntl();
  if (factory === null) return <Text>{intl.formatMessage({ id: 'admin.alerts.afterSave' })}</Text>;
  return <AlertRulesPanel factory={factory} />;
}
