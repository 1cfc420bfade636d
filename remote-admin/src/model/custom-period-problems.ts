import { ValidationError } from 'yup';
import {
  CUSTOM_PERIOD_ERROR_ARGUMENTS,
  customPeriodConflicts,
  customPeriodSchema,
  type CustomPeriodInput,
  type CustomPeriodSpan,
} from '@linepulse/contracts';

/** A field's problem: the error code the api would answer and its message's placeholders. */
export interface FieldProblem {
  code: string;
  arguments: Record<string, string | number>;
}

export type CustomPeriodProblems = Partial<Record<keyof CustomPeriodInput, FieldProblem>>;

const rules = customPeriodSchema();

/**
 * The custom-period form's problems, the api's own rules (contracts): first the period alone, then,
 * when it is whole, duplicate name and overlap with the periods the account already has. One problem per
 * field, the first the rules find; an overlap is shown under the start date.
 */
export function customPeriodProblems(values: CustomPeriodInput, periods: readonly CustomPeriodSpan[], ownId: string | null): CustomPeriodProblems {
  const problems: CustomPeriodProblems = {};
  try {
    rules.validateSync(values, { abortEarly: false });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    for (const issue of error.inner.length ? error.inner : [error]) {
      const field = issue.path as keyof CustomPeriodInput | undefined;
      if (!field || problems[field]) continue;
      const code = String(issue.message);
      problems[field] = { code, arguments: { ...CUSTOM_PERIOD_ERROR_ARGUMENTS[code] } };
    }
    return problems;
  }
  for (const conflict of customPeriodConflicts(values, periods, ownId)) {
    problems[conflict.field] = { code: conflict.code, arguments: { name: conflict.name } };
  }
  return problems;
}
