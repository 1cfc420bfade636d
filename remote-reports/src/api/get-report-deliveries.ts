import { queryOptions } from '@tanstack/react-query';
import type { ReportDelivery, ReportDeliveryMessage } from '@linepulse/contracts';
import { apiRequest } from '@linepulse/shared';

/** GET user/email-reports/{id}/deliveries: the report's deliveries, newest first. */
export function getReportDeliveries(id: string, signal?: AbortSignal): Promise<ReportDelivery[]> {
  return apiRequest<ReportDelivery[]>('api', `user/email-reports/${encodeURIComponent(id)}/deliveries`, { signal });
}

export function reportDeliveriesQuery(id: string) {
  return queryOptions({ queryKey: ['email-report', id, 'deliveries'] as const, queryFn: ({ signal }) => getReportDeliveries(id, signal) });
}

/** GET user/email-reports/{id}/deliveries/{deliveryId}: one delivery with the message as sent. */
export function getReportDelivery(id: string, deliveryId: string, signal?: AbortSignal): Promise<ReportDeliveryMessage> {
  return apiRequest<ReportDeliveryMessage>('api', `user/email-reports/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(deliveryId)}`, { signal });
}
