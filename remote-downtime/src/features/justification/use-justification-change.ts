import { useMutation, useQueryClient, type Query } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { isApiError, LIVE_QUERY_META, useNotifier } from '@linepulse/shared';
import { ERROR_CODES, type JustifiableDowntime, type JustificationList, type JustificationRequest } from '@linepulse/contracts';
import { postJustification } from '../../api/post-justification';
import { IdempotencyKeys, withDowntime } from '../../model/justification';

const isLiveQuery = (query: Query): boolean => query.meta?.live === LIVE_QUERY_META.live;

function doneMessageId(request: JustificationRequest): string {
  if (request.action === 'comment' && !request.comment) return 'downtime.justify.done.commentRemoved';
  return `downtime.justify.done.${request.action}`;
}

export interface JustificationChange {
  /** Sends a change; resolves with the downtime as it is now, rejects with the ApiError (for the form to show). */
  submit(request: JustificationRequest): Promise<JustifiableDowntime>;
  /** Whether a change of this downtime is on its way. */
  isPending(downtime: JustifiableDowntime): boolean;
}

/**
 * Changes of a factory's justifications: each sent with its idempotency key; once accepted, the answer
 * replaces the downtime in every list of the factory at once, the live queries of the page and of the
 * other screens in this tab are refetched (availability, summary… follow), and the snackbar says so.
 */
export function useJustificationChange(factoryId: string): JustificationChange {
  const client = useQueryClient();
  const notifier = useNotifier();
  const intl = useIntl();
  const [keys] = useState(() => new IdempotencyKeys());
  const mutation = useMutation({
    mutationFn: (request: JustificationRequest) => postJustification(factoryId, request, keys.keyFor(request)),
    onSuccess: (downtime, request) => {
      keys.settled(request);
      client.setQueriesData<JustificationList>({ queryKey: ['justifications', factoryId] }, (list) => list && { ...list, downtimes: withDowntime(list.downtimes, downtime) });
      notifier.success(intl.formatMessage({ id: doneMessageId(request) }));
      // Not awaited: the form closes on the answer, not after every figure of the tab was fetched again.
      void client.invalidateQueries({ predicate: isLiveQuery });
    },
    onError: (error, request) => {
      // The api kept this key for another change: a retry needs a key of its own.
      if (isApiError(error) && error.code === ERROR_CODES.justificationKeyReused) keys.settled(request);
    },
  });
  const pending = mutation.isPending ? mutation.variables : undefined;
  return {
    submit: (request) => mutation.mutateAsync(request),
    isPending: (downtime) => pending !== undefined && pending.production_unit_id === downtime.production_unit_id && pending.downtime_start === downtime.start_time,
  };
}
