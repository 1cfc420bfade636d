import type { RemoteMessages } from '@linepulse/shared';

export const messages: RemoteMessages = {
  en: {
    'opportunities.shiftChanges.title': 'Shift changes',
    'opportunities.shiftChanges.description': 'Unplanned and unjustified downtime around the changes of shift.',
    'opportunities.lineStarts.title': 'Line starts',
    'opportunities.lineStarts.description': 'Downtime when a line starts after unscheduled time.',
    'opportunities.productChanges.title': 'Product changes',
    'opportunities.productChanges.description': 'Downtime around product changeovers, beyond their target.',
    'opportunities.plannedDowntimes.title': 'Planned downtime above target',
    'opportunities.plannedDowntimes.description': 'Planned stops that lasted longer than their target duration.',
  },
  fr: {
    'opportunities.shiftChanges.title': 'Changements de quart',
    'opportunities.shiftChanges.description': 'Arrêts non planifiés et non justifiés autour des changements de quart.',
    'opportunities.lineStarts.title': 'Démarrages de ligne',
    'opportunities.lineStarts.description': 'Arrêts au démarrage d’une ligne après une période non planifiée.',
    'opportunities.productChanges.title': 'Changements de produit',
    'opportunities.productChanges.description': 'Arrêts autour des changements de produit, au-delà de leur cible.',
    'opportunities.plannedDowntimes.title': 'Arrêts planifiés au-delà de la cible',
    'opportunities.plannedDowntimes.description': 'Arrêts planifiés qui ont duré plus longtemps que leur durée cible.',
  },
  es: {
    'opportunities.shiftChanges.title': 'Cambios de turno',
    'opportunities.shiftChanges.description': 'Paradas no planificadas y no justificadas en torno a los cambios de turno.',
    'opportunities.lineStarts.title': 'Arranques de línea',
    'opportunities.lineStarts.description': 'Paradas al arrancar una línea después de un tiempo no programado.',
    'opportunities.productChanges.title': 'Cambios de producto',
    'opportunities.productChanges.description': 'Paradas en torno a los cambios de producto, más allá de su objetivo.',
    'opportunities.plannedDowntimes.title': 'Paradas planificadas por encima del objetivo',
    'opportunities.plannedDowntimes.description': 'Paradas planificadas que duraron más que su duración objetivo.',
  },
};
