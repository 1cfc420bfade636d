/**
 * Pure rules and wire contracts: no React, no browser. The api imports this entry
 * (`@linepulse/shared/rules`); apps get the same through the package's main entry.
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
export * from './indicators';
export * from './analytics-contracts';
export * from './saved-filters';
