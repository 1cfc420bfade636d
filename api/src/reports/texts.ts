import type { Language, ReportTemplate } from '@linepulse/contracts';

/** Words of the e-mails, in the report's language (product §3: en, fr, es). */
export interface ReportTexts {
  templates: Record<ReportTemplate, string>;
  period: string;
  lines: string;
  shifts: string;
  open: string;
  unsubscribe: string;
  unsubscribeNote: string;
  availability: string;
  performance: string;
  quality: string;
  oee: string;
  objective: string;
  indicator: string;
  actual: string;
  line: string;
  shift: string;
  good: string;
  rejected: string;
  total: string;
  planned: string;
  unplanned: string;
  unjustified: string;
  occurrences: string;
  inProduction: string;
  topPlanned: string;
  topUnplanned: string;
  reason: string;
  duration: string;
  none: string;
  notAvailable: string;
  productionOverview: string;
  availabilityPerLine: string;
  downtimeByLine: string;
  downtimeByShift: string;
  test: string;
}

export const REPORT_TEXTS: Record<Language, ReportTexts> = {
  en: {
    templates: {
      overview: 'Factory overview',
      downtime_main_page: 'Availability and downtime',
      downtime_by_production_line: 'Downtime by production line',
      downtime_by_shift: 'Downtime by shift',
    },
    period: 'Period',
    lines: 'Production lines',
    shifts: 'Shifts',
    open: 'Open in Linepulse',
    unsubscribe: 'Unsubscribe',
    unsubscribeNote: 'You receive this report because {owner} added your address to it.',
    availability: 'Availability',
    performance: 'Performance',
    quality: 'Quality',
    oee: 'OEE',
    objective: 'Objective',
    indicator: 'Indicator',
    actual: 'Actual',
    line: 'Line',
    shift: 'Shift',
    good: 'Good',
    rejected: 'Rejected',
    total: 'Total downtime',
    planned: 'Planned',
    unplanned: 'Unplanned',
    unjustified: 'Unjustified',
    occurrences: 'Occurrences',
    inProduction: 'In production',
    topPlanned: 'Top 5 planned causes',
    topUnplanned: 'Top 5 unplanned causes',
    reason: 'Cause',
    duration: 'Duration',
    none: 'No downtime in this period',
    notAvailable: 'N/D',
    productionOverview: 'Production overview',
    availabilityPerLine: 'Availability per line',
    downtimeByLine: 'Downtime by type per line',
    downtimeByShift: 'Downtime by type per shift',
    test: 'Test',
  },
  fr: {
    templates: {
      overview: 'Vue d’ensemble de l’usine',
      downtime_main_page: 'Disponibilité et arrêts',
      downtime_by_production_line: 'Arrêts par ligne de production',
      downtime_by_shift: 'Arrêts par quart de travail',
    },
    period: 'Période',
    lines: 'Lignes de production',
    shifts: 'Quarts de travail',
    open: 'Ouvrir dans Linepulse',
    unsubscribe: 'Se désabonner',
    unsubscribeNote: 'Vous recevez ce rapport parce que {owner} y a ajouté votre adresse.',
    availability: 'Disponibilité',
    performance: 'Performance',
    quality: 'Qualité',
    oee: 'TRG',
    objective: 'Objectif',
    indicator: 'Indicateur',
    actual: 'Réel',
    line: 'Ligne',
    shift: 'Quart',
    good: 'Bons',
    rejected: 'Rejetés',
    total: 'Arrêts totaux',
    planned: 'Planifiés',
    unplanned: 'Non planifiés',
    unjustified: 'Non justifiés',
    occurrences: 'Occurrences',
    inProduction: 'En production',
    topPlanned: '5 principales causes planifiées',
    topUnplanned: '5 principales causes non planifiées',
    reason: 'Cause',
    duration: 'Durée',
    none: 'Aucun arrêt pendant cette période',
    notAvailable: 'N/D',
    productionOverview: 'Aperçu de la production',
    availabilityPerLine: 'Disponibilité par ligne',
    downtimeByLine: 'Arrêts par type et par ligne',
    downtimeByShift: 'Arrêts par type et par quart',
    test: 'Essai',
  },
  es: {
    templates: {
      overview: 'Resumen de la planta',
      downtime_main_page: 'Disponibilidad y paros',
      downtime_by_production_line: 'Paros por línea de producción',
      downtime_by_shift: 'Paros por turno',
    },
    period: 'Periodo',
    lines: 'Líneas de producción',
    shifts: 'Turnos',
    open: 'Abrir en Linepulse',
    unsubscribe: 'Cancelar la suscripción',
    unsubscribeNote: 'Recibe este informe porque {owner} añadió su dirección.',
    availability: 'Disponibilidad',
    performance: 'Rendimiento',
    quality: 'Calidad',
    oee: 'OEE',
    objective: 'Objetivo',
    indicator: 'Indicador',
    actual: 'Real',
    line: 'Línea',
    shift: 'Turno',
    good: 'Buenas',
    rejected: 'Rechazadas',
    total: 'Paro total',
    planned: 'Planificados',
    unplanned: 'No planificados',
    unjustified: 'No justificados',
    occurrences: 'Ocurrencias',
    inProduction: 'En producción',
    topPlanned: '5 causas planificadas principales',
    topUnplanned: '5 causas no planificadas principales',
    reason: 'Causa',
    duration: 'Duración',
    none: 'Ningún paro en este periodo',
    notAvailable: 'N/D',
    productionOverview: 'Resumen de la producción',
    availabilityPerLine: 'Disponibilidad por línea',
    downtimeByLine: 'Paros por tipo y por línea',
    downtimeByShift: 'Paros por tipo y por turno',
    test: 'Prueba',
  },
};
