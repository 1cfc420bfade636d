import type { JustifiableDowntime, JustificationRequest } from '@linepulse/contracts';
import { apiRequest } from '@linepulse/shared';

/**
 * POST /factories/{id}/justifications: one change of a downtime's justification, answered with the
 * downtime as it is now. `idempotencyKey` makes a retry of the same action harmless (decision 50).
 */
export function postJustification(factoryId: string, body: JustificationRequest, idempotencyKey: string): Promise<JustifiableDowntime> {
  return apiRequest<JustifiableDowntime>('api', `factories/${encodeURIComponent(factoryId)}/justifications`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
