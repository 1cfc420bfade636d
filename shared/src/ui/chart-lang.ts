import type { LangOptions } from 'highcharts';
import type { Language } from '@linepulse/contracts';

/**
 * Highcharts' own words in the page's language: what the accessibility module tells a screen reader
 * about a chart (its kind, axes, series and points, "End of interactive chart"), the exporting menu's
 * labels and the "Chart" of an untitled one. Highcharts knows only English (its French pack sets the
 * page-wide defaults, and there is no Spanish one): every chart gets these as its own `lang` option, so
 * a French page reads "Graphique en colonnes avec 4 barres" and not "Bar chart with 4 bars".
 *
 * The series and chart types are the ones the product draws (column, bar, line, scatter, heatmap under
 * the default wording). French puts a no-break space before ":", ";", "?" and "!".
 */
type ChartWords = Pick<
  LangOptions,
  | 'chartTitle'
  | 'loading'
  | 'resetZoom'
  | 'resetZoomTitle'
  | 'seriesName'
  | 'yAxisTitle'
  | 'pieSliceName'
  | 'viewFullscreen'
  | 'exitFullscreen'
  | 'printChart'
  | 'downloadPNG'
  | 'downloadJPEG'
  | 'downloadPDF'
  | 'downloadSVG'
  | 'contextButtonTitle'
  | 'accessibility'
>;

const points = (one: string, many: string): string => `{#eq numPoints 1}${one}{else}${many}{/eq}`;
const seriesPoints = (one: string, many: string): string => `{#eq series.points.length 1}${one}{else}${many}{/eq}`;

const en: ChartWords = {
  chartTitle: 'Chart',
  loading: 'Loading…',
  resetZoom: 'Reset zoom',
  resetZoomTitle: 'Reset zoom level 1:1',
  seriesName: 'Series {add index 1}',
  yAxisTitle: 'Values',
  pieSliceName: 'Slice',
  viewFullscreen: 'View in full screen',
  exitFullscreen: 'Exit full screen',
  printChart: 'Print chart',
  downloadPNG: 'Download PNG image',
  downloadJPEG: 'Download JPEG image',
  downloadPDF: 'Download PDF document',
  downloadSVG: 'Download SVG image',
  contextButtonTitle: 'Chart menu',
  accessibility: {
    defaultChartTitle: 'Chart',
    chartContainerLabel: '{title}. Interactive chart.',
    svgContainerLabel: 'Interactive chart',
    credits: 'Chart credits: {creditsStr}',
    thousandsSep: ',',
    screenReaderSection: {
      beforeRegionLabel: '',
      afterRegionLabel: '',
      endOfChartMarker: 'End of interactive chart.',
    },
    legend: {
      legendLabelNoTitle: 'Toggle series visibility, {chartTitle}',
      legendLabel: 'Chart legend: {legendTitle}',
      legendItem: 'Show {itemName}',
    },
    zoom: { mapZoomIn: 'Zoom chart', mapZoomOut: 'Zoom out chart', resetZoomButton: 'Reset zoom' },
    table: { viewAsDataTableButtonText: 'View as data table, {chartTitle}', tableSummary: 'Table representation of chart.' },
    announceNewData: {
      newDataAnnounce: 'Updated data for chart {chartTitle}',
      newSeriesAnnounceSingle: 'New data series: {seriesDesc}',
      newPointAnnounceSingle: 'New data point: {pointDesc}',
      newSeriesAnnounceMultiple: 'New data series in chart {chartTitle}: {seriesDesc}',
      newPointAnnounceMultiple: 'New data point in chart {chartTitle}: {pointDesc}',
    },
    chartTypes: {
      emptyChart: 'Empty chart',
      combinationChart: 'Combination chart with {numSeries} data series.',
      defaultSingle: `Chart with {numPoints} data ${points('point', 'points')}.`,
      defaultMultiple: 'Chart with {numSeries} data series.',
      lineSingle: `Line chart with {numPoints} data ${points('point', 'points')}.`,
      lineMultiple: 'Line chart with {numSeries} lines.',
      columnSingle: `Bar chart with {numPoints} ${points('bar', 'bars')}.`,
      columnMultiple: 'Bar chart with {numSeries} data series.',
      barSingle: `Bar chart with {numPoints} ${points('bar', 'bars')}.`,
      barMultiple: 'Bar chart with {numSeries} data series.',
      scatterSingle: `Scatter chart with {numPoints} ${points('point', 'points')}.`,
      scatterMultiple: 'Scatter chart with {numSeries} data series.',
    },
    axis: {
      xAxisDescriptionSingular: 'The chart has 1 X axis displaying {names[0]}. {ranges[0]}',
      xAxisDescriptionPlural: 'The chart has {numAxes} X axes displaying {#each names}{#unless @first},{/unless}{#if @last} and{/if} {this}{/each}.',
      yAxisDescriptionSingular: 'The chart has 1 Y axis displaying {names[0]}. {ranges[0]}',
      yAxisDescriptionPlural: 'The chart has {numAxes} Y axes displaying {#each names}{#unless @first},{/unless}{#if @last} and{/if} {this}{/each}.',
      timeRangeDays: 'Data range: {range} days.',
      timeRangeHours: 'Data range: {range} hours.',
      timeRangeMinutes: 'Data range: {range} minutes.',
      timeRangeSeconds: 'Data range: {range} seconds.',
      rangeFromTo: 'Data ranges from {rangeFrom} to {rangeTo}.',
      rangeCategories: 'Data range: {numCategories} categories.',
      defaultAxisNames: { categories: 'categories', time: 'Time', values: 'values' },
    },
    exporting: { chartMenuLabel: 'Chart menu', menuButtonLabel: 'View chart menu, {chartTitle}' },
    series: {
      summary: {
        default: `{series.name}, series {seriesNumber} of {chart.series.length} with {series.points.length} data ${seriesPoints('point', 'points')}.`,
        defaultCombination: `{series.name}, series {seriesNumber} of {chart.series.length} with {series.points.length} data ${seriesPoints('point', 'points')}.`,
        line: `{series.name}, line {seriesNumber} of {chart.series.length} with {series.points.length} data ${seriesPoints('point', 'points')}.`,
        lineCombination: `{series.name}, series {seriesNumber} of {chart.series.length}. Line with {series.points.length} data ${seriesPoints('point', 'points')}.`,
        column: `{series.name}, bar series {seriesNumber} of {chart.series.length} with {series.points.length} ${seriesPoints('bar', 'bars')}.`,
        columnCombination: `{series.name}, series {seriesNumber} of {chart.series.length}. Bar series with {series.points.length} ${seriesPoints('bar', 'bars')}.`,
        bar: `{series.name}, bar series {seriesNumber} of {chart.series.length} with {series.points.length} ${seriesPoints('bar', 'bars')}.`,
        barCombination: `{series.name}, series {seriesNumber} of {chart.series.length}. Bar series with {series.points.length} ${seriesPoints('bar', 'bars')}.`,
        scatter: `{series.name}, scatter plot {seriesNumber} of {chart.series.length} with {series.points.length} ${seriesPoints('point', 'points')}.`,
        scatterCombination: `{series.name}, series {seriesNumber} of {chart.series.length}, scatter plot with {series.points.length} ${seriesPoints('point', 'points')}.`,
      },
      description: '{description}',
      xAxisDescription: 'X axis, {name}',
      yAxisDescription: 'Y axis, {name}',
      nullPointValue: 'No value',
      pointAnnotationsDescription: '{#each annotations}Annotation: {this}{/each}',
    },
  },
};

const fr: ChartWords = {
  chartTitle: 'Graphique',
  loading: 'Chargement…',
  resetZoom: 'Réinitialiser le zoom',
  resetZoomTitle: 'Revenir au zoom 1:1',
  seriesName: 'Série {add index 1}',
  yAxisTitle: 'Valeurs',
  pieSliceName: 'Part',
  viewFullscreen: 'Afficher en plein écran',
  exitFullscreen: 'Quitter le plein écran',
  printChart: 'Imprimer le graphique',
  downloadPNG: 'Télécharger l’image PNG',
  downloadJPEG: 'Télécharger l’image JPEG',
  downloadPDF: 'Télécharger le document PDF',
  downloadSVG: 'Télécharger l’image SVG',
  contextButtonTitle: 'Menu du graphique',
  accessibility: {
    defaultChartTitle: 'Graphique',
    chartContainerLabel: '{title}. Graphique interactif.',
    svgContainerLabel: 'Graphique interactif',
    credits: 'Crédits du graphique\u00a0: {creditsStr}',
    // Screen readers read "1 234" as two numbers and "1,234" as a decimal in French: no separator.
    thousandsSep: '',
    screenReaderSection: {
      beforeRegionLabel: '',
      afterRegionLabel: '',
      endOfChartMarker: 'Fin du graphique interactif.',
    },
    legend: {
      legendLabelNoTitle: 'Afficher ou masquer les séries, {chartTitle}',
      legendLabel: 'Légende du graphique\u00a0: {legendTitle}',
      legendItem: 'Afficher {itemName}',
    },
    zoom: { mapZoomIn: 'Zoomer', mapZoomOut: 'Dézoomer', resetZoomButton: 'Réinitialiser le zoom' },
    table: { viewAsDataTableButtonText: 'Afficher sous forme de tableau, {chartTitle}', tableSummary: 'Le graphique sous forme de tableau.' },
    announceNewData: {
      newDataAnnounce: 'Données mises à jour pour le graphique {chartTitle}',
      newSeriesAnnounceSingle: 'Nouvelle série de données\u00a0: {seriesDesc}',
      newPointAnnounceSingle: 'Nouveau point de données\u00a0: {pointDesc}',
      newSeriesAnnounceMultiple: 'Nouvelle série de données dans le graphique {chartTitle}\u00a0: {seriesDesc}',
      newPointAnnounceMultiple: 'Nouveau point de données dans le graphique {chartTitle}\u00a0: {pointDesc}',
    },
    chartTypes: {
      emptyChart: 'Graphique vide',
      combinationChart: 'Graphique combiné de {numSeries} séries de données.',
      defaultSingle: `Graphique de {numPoints} ${points('point', 'points')} de données.`,
      defaultMultiple: 'Graphique de {numSeries} séries de données.',
      lineSingle: `Graphique en courbe de {numPoints} ${points('point', 'points')} de données.`,
      lineMultiple: 'Graphique en courbes de {numSeries} courbes.',
      columnSingle: `Graphique en barres de {numPoints} ${points('barre', 'barres')}.`,
      columnMultiple: 'Graphique en barres de {numSeries} séries de données.',
      barSingle: `Graphique en barres de {numPoints} ${points('barre', 'barres')}.`,
      barMultiple: 'Graphique en barres de {numSeries} séries de données.',
      scatterSingle: `Nuage de {numPoints} ${points('point', 'points')}.`,
      scatterMultiple: 'Nuage de points de {numSeries} séries de données.',
    },
    axis: {
      xAxisDescriptionSingular: 'Le graphique a 1 axe X, qui montre {names[0]}. {ranges[0]}',
      xAxisDescriptionPlural: 'Le graphique a {numAxes} axes X, qui montrent {#each names}{#unless @first},{/unless}{#if @last} et{/if} {this}{/each}.',
      yAxisDescriptionSingular: 'Le graphique a 1 axe Y, qui montre {names[0]}. {ranges[0]}',
      yAxisDescriptionPlural: 'Le graphique a {numAxes} axes Y, qui montrent {#each names}{#unless @first},{/unless}{#if @last} et{/if} {this}{/each}.',
      timeRangeDays: 'Étendue des données\u00a0: {range} jours.',
      timeRangeHours: 'Étendue des données\u00a0: {range} heures.',
      timeRangeMinutes: 'Étendue des données\u00a0: {range} minutes.',
      timeRangeSeconds: 'Étendue des données\u00a0: {range} secondes.',
      rangeFromTo: 'Les données vont de {rangeFrom} à {rangeTo}.',
      rangeCategories: 'Étendue des données\u00a0: {numCategories} catégories.',
      defaultAxisNames: { categories: 'catégories', time: 'Temps', values: 'valeurs' },
    },
    exporting: { chartMenuLabel: 'Menu du graphique', menuButtonLabel: 'Ouvrir le menu du graphique, {chartTitle}' },
    series: {
      summary: {
        default: `{series.name}, série {seriesNumber} sur {chart.series.length}, de {series.points.length} ${seriesPoints('point', 'points')} de données.`,
        defaultCombination: `{series.name}, série {seriesNumber} sur {chart.series.length}, de {series.points.length} ${seriesPoints('point', 'points')} de données.`,
        line: `{series.name}, courbe {seriesNumber} sur {chart.series.length}, de {series.points.length} ${seriesPoints('point', 'points')} de données.`,
        lineCombination: `{series.name}, série {seriesNumber} sur {chart.series.length}. Courbe de {series.points.length} ${seriesPoints('point', 'points')} de données.`,
        column: `{series.name}, série de barres {seriesNumber} sur {chart.series.length}, de {series.points.length} ${seriesPoints('barre', 'barres')}.`,
        columnCombination: `{series.name}, série {seriesNumber} sur {chart.series.length}. Série de {series.points.length} ${seriesPoints('barre', 'barres')}.`,
        bar: `{series.name}, série de barres {seriesNumber} sur {chart.series.length}, de {series.points.length} ${seriesPoints('barre', 'barres')}.`,
        barCombination: `{series.name}, série {seriesNumber} sur {chart.series.length}. Série de {series.points.length} ${seriesPoints('barre', 'barres')}.`,
        scatter: `{series.name}, nuage de points {seriesNumber} sur {chart.series.length}, de {series.points.length} ${seriesPoints('point', 'points')}.`,
        scatterCombination: `{series.name}, série {seriesNumber} sur {chart.series.length}, nuage de {series.points.length} ${seriesPoints('point', 'points')}.`,
      },
      description: '{description}',
      xAxisDescription: 'Axe X, {name}',
      yAxisDescription: 'Axe Y, {name}',
      nullPointValue: 'Aucune valeur',
      pointAnnotationsDescription: '{#each annotations}Annotation\u00a0: {this}{/each}',
    },
  },
};

const es: ChartWords = {
  chartTitle: 'Gráfico',
  loading: 'Cargando…',
  resetZoom: 'Restablecer el zoom',
  resetZoomTitle: 'Volver al zoom 1:1',
  seriesName: 'Serie {add index 1}',
  yAxisTitle: 'Valores',
  pieSliceName: 'Porción',
  viewFullscreen: 'Ver en pantalla completa',
  exitFullscreen: 'Salir de la pantalla completa',
  printChart: 'Imprimir el gráfico',
  downloadPNG: 'Descargar imagen PNG',
  downloadJPEG: 'Descargar imagen JPEG',
  downloadPDF: 'Descargar documento PDF',
  downloadSVG: 'Descargar imagen SVG',
  contextButtonTitle: 'Menú del gráfico',
  accessibility: {
    defaultChartTitle: 'Gráfico',
    chartContainerLabel: '{title}. Gráfico interactivo.',
    svgContainerLabel: 'Gráfico interactivo',
    credits: 'Créditos del gráfico: {creditsStr}',
    thousandsSep: '',
    screenReaderSection: {
      beforeRegionLabel: '',
      afterRegionLabel: '',
      endOfChartMarker: 'Fin del gráfico interactivo.',
    },
    legend: {
      legendLabelNoTitle: 'Mostrar u ocultar las series, {chartTitle}',
      legendLabel: 'Leyenda del gráfico: {legendTitle}',
      legendItem: 'Mostrar {itemName}',
    },
    zoom: { mapZoomIn: 'Acercar', mapZoomOut: 'Alejar', resetZoomButton: 'Restablecer el zoom' },
    table: { viewAsDataTableButtonText: 'Ver como tabla, {chartTitle}', tableSummary: 'El gráfico en forma de tabla.' },
    announceNewData: {
      newDataAnnounce: 'Datos actualizados del gráfico {chartTitle}',
      newSeriesAnnounceSingle: 'Nueva serie de datos: {seriesDesc}',
      newPointAnnounceSingle: 'Nuevo punto de datos: {pointDesc}',
      newSeriesAnnounceMultiple: 'Nueva serie de datos en el gráfico {chartTitle}: {seriesDesc}',
      newPointAnnounceMultiple: 'Nuevo punto de datos en el gráfico {chartTitle}: {pointDesc}',
    },
    chartTypes: {
      emptyChart: 'Gráfico vacío',
      combinationChart: 'Gráfico combinado con {numSeries} series de datos.',
      defaultSingle: `Gráfico con {numPoints} ${points('punto', 'puntos')} de datos.`,
      defaultMultiple: 'Gráfico con {numSeries} series de datos.',
      lineSingle: `Gráfico de líneas con {numPoints} ${points('punto', 'puntos')} de datos.`,
      lineMultiple: 'Gráfico de líneas con {numSeries} líneas.',
      columnSingle: `Gráfico de barras con {numPoints} ${points('barra', 'barras')}.`,
      columnMultiple: 'Gráfico de barras con {numSeries} series de datos.',
      barSingle: `Gráfico de barras con {numPoints} ${points('barra', 'barras')}.`,
      barMultiple: 'Gráfico de barras con {numSeries} series de datos.',
      scatterSingle: `Gráfico de dispersión con {numPoints} ${points('punto', 'puntos')}.`,
      scatterMultiple: 'Gráfico de dispersión con {numSeries} series de datos.',
    },
    axis: {
      xAxisDescriptionSingular: 'El gráfico tiene 1 eje X que muestra {names[0]}. {ranges[0]}',
      xAxisDescriptionPlural: 'El gráfico tiene {numAxes} ejes X que muestran {#each names}{#unless @first},{/unless}{#if @last} y{/if} {this}{/each}.',
      yAxisDescriptionSingular: 'El gráfico tiene 1 eje Y que muestra {names[0]}. {ranges[0]}',
      yAxisDescriptionPlural: 'El gráfico tiene {numAxes} ejes Y que muestran {#each names}{#unless @first},{/unless}{#if @last} y{/if} {this}{/each}.',
      timeRangeDays: 'Rango de datos: {range} días.',
      timeRangeHours: 'Rango de datos: {range} horas.',
      timeRangeMinutes: 'Rango de datos: {range} minutos.',
      timeRangeSeconds: 'Rango de datos: {range} segundos.',
      rangeFromTo: 'Los datos van de {rangeFrom} a {rangeTo}.',
      rangeCategories: 'Rango de datos: {numCategories} categorías.',
      defaultAxisNames: { categories: 'categorías', time: 'Tiempo', values: 'valores' },
    },
    exporting: { chartMenuLabel: 'Menú del gráfico', menuButtonLabel: 'Abrir el menú del gráfico, {chartTitle}' },
    series: {
      summary: {
        default: `{series.name}, serie {seriesNumber} de {chart.series.length} con {series.points.length} ${seriesPoints('punto', 'puntos')} de datos.`,
        defaultCombination: `{series.name}, serie {seriesNumber} de {chart.series.length} con {series.points.length} ${seriesPoints('punto', 'puntos')} de datos.`,
        line: `{series.name}, línea {seriesNumber} de {chart.series.length} con {series.points.length} ${seriesPoints('punto', 'puntos')} de datos.`,
        lineCombination: `{series.name}, serie {seriesNumber} de {chart.series.length}. Línea con {series.points.length} ${seriesPoints('punto', 'puntos')} de datos.`,
        column: `{series.name}, serie de barras {seriesNumber} de {chart.series.length} con {series.points.length} ${seriesPoints('barra', 'barras')}.`,
        columnCombination: `{series.name}, serie {seriesNumber} de {chart.series.length}. Serie de barras con {series.points.length} ${seriesPoints('barra', 'barras')}.`,
        bar: `{series.name}, serie de barras {seriesNumber} de {chart.series.length} con {series.points.length} ${seriesPoints('barra', 'barras')}.`,
        barCombination: `{series.name}, serie {seriesNumber} de {chart.series.length}. Serie de barras con {series.points.length} ${seriesPoints('barra', 'barras')}.`,
        scatter: `{series.name}, gráfico de dispersión {seriesNumber} de {chart.series.length} con {series.points.length} ${seriesPoints('punto', 'puntos')}.`,
        scatterCombination: `{series.name}, serie {seriesNumber} de {chart.series.length}, dispersión con {series.points.length} ${seriesPoints('punto', 'puntos')}.`,
      },
      description: '{description}',
      xAxisDescription: 'Eje X, {name}',
      yAxisDescription: 'Eje Y, {name}',
      nullPointValue: 'Sin valor',
      pointAnnotationsDescription: '{#each annotations}Anotación: {this}{/each}',
    },
  },
};

export const CHART_LANG: Record<Language, ChartWords> = { en, fr, es };

/** The chart words of a locale ("fr", "fr-CA"); English for any other. */
export function chartLang(locale: string): ChartWords {
  const language = locale.slice(0, 2).toLowerCase();
  return language === 'fr' || language === 'es' ? CHART_LANG[language] : CHART_LANG.en;
}
