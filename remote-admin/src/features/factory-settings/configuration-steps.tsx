import type { ReactNode } from 'react';
import type { ConfigurationDraft, ConfigurationSection } from '../../model/configuration-draft';
import {
  sectionProblems,
  validateDowntimeReasons,
  validateProductionUnits,
  validateProducts,
  validateWorkShifts,
  type ConfigurationProblems,
} from '../../model/configuration-problems';
import {
  DowntimeReasonsStep,
  ProductionUnitsStep,
  ProductsStep,
  WorkShiftsStep,
  type ConfigurationStepProps,
} from '../production-configuration';

export type ConfigurationStepId = 'units' | 'shifts' | 'products' | 'reasons';

export interface ConfigurationStepRenderProps {
  draft: ConfigurationDraft;
  onChange: (draft: ConfigurationDraft) => void;
  /** The admin tried to go on: every problem of the step is shown, not only those of fields left. */
  showErrors: boolean;
  /** The api's refusal of the last save, by editor field (configurationProblemsFromApi). */
  serverProblems: ConfigurationProblems;
}

/** One production-configuration step of the wizard: its section of the draft, its rules and its editor. */
export interface ConfigurationStep {
  id: ConfigurationStepId;
  section: ConfigurationSection;
  valid: (draft: ConfigurationDraft) => boolean;
  render: (props: ConfigurationStepRenderProps) => ReactNode;
}

function step(
  id: ConfigurationStepId,
  section: ConfigurationSection,
  validate: (draft: ConfigurationDraft) => ConfigurationProblems,
  Editor: (props: ConfigurationStepProps) => ReactNode,
): ConfigurationStep {
  return {
    id,
    section,
    valid: (draft) => Object.keys(validate(draft)).length === 0,
    render: ({ draft, onChange, showErrors, serverProblems }) => {
      const server = sectionProblems(serverProblems, section);
      return <Editor draft={draft} onChange={onChange} errors={showErrors ? { ...validate(draft), ...server } : server} />;
    },
  };
}

/** The steps after Objectives, in the order a plant is described: lines, then shifts, products and reasons. */
export const CONFIGURATION_STEPS: readonly ConfigurationStep[] = [
  step('units', 'production_units', validateProductionUnits, ProductionUnitsStep),
  step('shifts', 'work_shifts', validateWorkShifts, WorkShiftsStep),
  step('products', 'products', validateProducts, ProductsStep),
  step('reasons', 'downtime_reasons', validateDowntimeReasons, DowntimeReasonsStep),
];

export function configurationStepOf(id: string): ConfigurationStep | undefined {
  return CONFIGURATION_STEPS.find((s) => s.id === id);
}

/** The step whose section an editor path (`work_shifts.2.start`) belongs to. */
export function configurationStepOwning(path: string): ConfigurationStep | undefined {
  return CONFIGURATION_STEPS.find((s) => path === s.section || path.startsWith(`${s.section}.`));
}
