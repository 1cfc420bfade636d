import type { RemoteMessages } from '@linepulse/shared';

export const messages: RemoteMessages = {
  en: {
    'downtime.availability.title': 'Availability and downtime',
    'downtime.availability.description': 'Heatmap of availability, top 5 causes, and downtime per production line.',
    'downtime.export.title': 'Production data export',
    'downtime.export.description': 'Export production and downtime data of this factory.',
  },
  fr: {
    'downtime.availability.title': 'Disponibilité et arrêts',
    'downtime.availability.description': 'Carte de chaleur de la disponibilité, 5 principales causes et arrêts par ligne de production.',
    'downtime.export.title': 'Exportation des données de production',
    'downtime.export.description': 'Exportez les données de production et d’arrêts de cette usine.',
  },
  es: {
    'downtime.availability.title': 'Disponibilidad y paradas',
    'downtime.availability.description': 'Mapa de calor de la disponibilidad, las 5 causas principales y las paradas por línea de producción.',
    'downtime.export.title': 'Exportación de datos de producción',
    'downtime.export.description': 'Exporte los datos de producción y de paradas de esta planta.',
  },
};
