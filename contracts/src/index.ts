/**
 * @linepulse/contracts — what the api and the apps must agree on, written once: wire schemas (TypeBox,
 * from which both sides take their types), the product's constants (docs/product.md §9), error codes, routes and the pure rules
 * (time windows, intervals, indicators, validation). No React, no browser, no module state: every app
 * bundles what it uses (it is not a federated module) and the api imports the same source.
 */
export * from './constants';
export * from './errors';
export * from './entities';
export * from './runtime-config';
export * from './preferences';
export * from './user';
export * from './factory';
export * from './routes';
export * from './time-windows';
export * from './intervals';
export * from './interval-buckets';
export * from './indicators';
export * from './analytics-contracts';
export * from './saved-filters';
export * from './text';
export * from './schemas/common';
export * from './schemas/entities';
export * from './schemas/configuration';
export * from './user-claims';
export * from './platform-range';
export * from './schemas/analytics';
export * from './schemas/downtimes';
export * from './downtime-durations';
export * from './schemas/opportunity-pages';
export * from './email-reports';
export * from './custom-period';
export * from './date-range-rules';
export * from './configuration-rules';
export * from './screen-links';
export * from './zone-offsets';
export * from './csv-safety';
export * from './history-imports';
export * from './email-recipients';
export * from './figures';
export * from './live';
export * from './justifications';
export * from './alerts';
