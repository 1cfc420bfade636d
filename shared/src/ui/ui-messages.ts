import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@linepulse/contracts';

/**
 * Words of the shared data components (charts, tables, exports). They travel with the components, so
 * a remote that uses them needs no message of its own; the shell's message tables stay untouched.
 */
export const UI_MESSAGES: Record<Language, Record<string, string>> = {
  en: {
    'ui.export': 'Export',
    'ui.export.named': 'Export {name}',
    'ui.export.png': 'PNG image',
    'ui.export.svg': 'SVG image',
    'ui.export.csv': 'CSV file',
    'ui.export.xlsx': 'Excel file',
    'ui.export.failed': 'The export could not be created. Try again.',
    'ui.popup.failed': 'This menu could not be opened: check the connection and try again.',
    'ui.chart.loading': 'Loading the chart…',
    'ui.chart.failed': 'This chart could not be drawn.',
    'ui.table.total': 'Total',
  },
  fr: {
    'ui.export': 'Exporter',
    'ui.export.named': 'Exporter {name}',
    'ui.export.png': 'Image PNG',
    'ui.export.svg': 'Image SVG',
    'ui.export.csv': 'Fichier CSV',
    'ui.export.xlsx': 'Fichier Excel',
    'ui.export.failed': 'L’export n’a pas pu être créé. Réessayez.',
    'ui.popup.failed': 'Ce menu n’a pas pu s’ouvrir : vérifiez la connexion et réessayez.',
    'ui.chart.loading': 'Chargement du graphique…',
    'ui.chart.failed': 'Ce graphique n’a pas pu être affiché.',
    'ui.table.total': 'Total',
  },
  es: {
    'ui.export': 'Exportar',
    'ui.export.named': 'Exportar {name}',
    'ui.export.png': 'Imagen PNG',
    'ui.export.svg': 'Imagen SVG',
    'ui.export.csv': 'Archivo CSV',
    'ui.export.xlsx': 'Archivo Excel',
    'ui.export.failed': 'No se pudo crear la exportación. Inténtelo de nuevo.',
    'ui.popup.failed': 'No se pudo abrir este menú: compruebe la conexión e inténtelo de nuevo.',
    'ui.chart.loading': 'Cargando el gráfico…',
    'ui.chart.failed': 'No se pudo mostrar este gráfico.',
    'ui.table.total': 'Total',
  },
};

export type UiMessageKey = keyof (typeof UI_MESSAGES)['en'];

/** Formats a shared-component message in the current language (the host's table wins if it has the key). */
export function useUiText(): (key: UiMessageKey, values?: Record<string, string | number>) => string {
  const intl = useIntl();
  const language: Language = isLanguage(intl.locale) ? intl.locale : DEFAULT_LANGUAGE;
  return useCallback(
    (key, values) => intl.formatMessage({ id: key, defaultMessage: UI_MESSAGES[language][key] ?? UI_MESSAGES.en[key] }, values),
    [intl, language],
  );
}
