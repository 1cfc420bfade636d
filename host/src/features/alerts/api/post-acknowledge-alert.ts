import type { Alert } from '@linepulse/contracts';
import { apiRequest } from '@linepulse/shared';

/** POST /alerts/{id}/acknowledge: the alert, acknowledged (by whoever did first). 403 JUST_ROLE_FORBIDDEN for the display role. */
export function postAcknowledgeAlert(alertId: string): Promise<Alert> {
  return apiRequest<Alert>('api', `alerts/${encodeURIComponent(alertId)}/acknowledge`, { method: 'POST' });
}
