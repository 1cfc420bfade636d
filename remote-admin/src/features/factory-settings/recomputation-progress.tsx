import { Field, ProgressBar, Text } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { errorMessage } from '@linepulse/shared';
import { recomputationQuery } from '../../api/get-recomputation';

/**
 * After a change that alters past figures: how many lines have their history re-derived, asked every
 * 2 s until none is pending. The screens keep answering meanwhile (the api re-derives in the background).
 */
export function RecomputationProgress({ factoryId }: { factoryId: string }): ReactElement {
  const intl = useIntl();
  const query = useQuery(recomputationQuery(factoryId));
  if (query.isError) return <Text role="alert">{errorMessage(intl, query.error)}</Text>;
  const data = query.data;
  const done = data ? data.total_units - data.pending_units : 0;
  const finished = data !== undefined && data.pending_units === 0;
  return (
    <Field
      label={intl.formatMessage({ id: 'admin.factory.recomputation' })}
      validationState={finished ? 'success' : 'none'}
      validationMessage={
        data === undefined
          ? undefined
          : finished
            ? intl.formatMessage({ id: 'admin.factory.recomputationDone' })
            : intl.formatMessage({ id: 'admin.factory.recomputationProgress' }, { done, total: data.total_units })
      }
    >
      <ProgressBar value={data && data.total_units > 0 ? done / data.total_units : undefined} max={1} thickness="large" />
    </Field>
  );
}
