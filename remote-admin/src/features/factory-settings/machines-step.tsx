import { Text } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { AppLink } from '@linepulse/shared';
import { routePath, type Factory } from '@linepulse/contracts';
import { HistoryImportPanel } from '../history-import';
import { IngestKeysPanel } from '../ingest-keys';
import { RecomputationProgress } from './recomputation-progress';

export interface MachinesStepProps {
  factory: Factory | null;
  recomputing: boolean;
}

/** The last step: the factory's ingest keys (created and revoked at once, not by the summary's save) and its history import. */
export function MachinesStep({ factory, recomputing }: MachinesStepProps): ReactElement {
  const intl = useIntl();
  if (factory === null) return <Text>{intl.formatMessage({ id: 'admin.factory.machinesAfterSave' })}</Text>;
  return (
    <>
      {recomputing ? <RecomputationProgress factoryId={factory.id} /> : null}
      {/* The curl example names the first stored line: this step comes after the save. */}
      <IngestKeysPanel factoryId={factory.id} />
      {/* Past production from a historian export, beside the keys the machines send the present with. */}
      <HistoryImportPanel factoryId={factory.id} />
      <AppLink to={routePath('factoryDashboard', { factoryId: factory.id })}>{intl.formatMessage({ id: 'admin.factory.openDashboard' }, { name: factory.name })}</AppLink>
    </>
  );
}
