// The production configuration steps the factory settings wizard places, and what it needs around them.
export { ProductionUnitsStep, validateProductionUnitsStep } from './production-units-step';
export { WorkShiftsStep, validateWorkShiftsStep } from './work-shifts-step';
export { ProductsStep, validateProductsStep } from './products-step';
export { DowntimeReasonsStep, validateDowntimeReasonsStep } from './downtime-reasons-step';
export type { ConfigurationStepProps } from './step-parts';
export { productionConfigurationMessages } from './messages';
