import type { HistoryImport, HistoryImportFormat } from '@linepulse/contracts';

/** The steps the page shows, in order (the api's phases but failed). */
export const HISTORY_IMPORT_STEPS = ['upload', 'store', 'derive', 'done'] as const;
export type HistoryImportStep = (typeof HISTORY_IMPORT_STEPS)[number];

/** The format a file's name says (null: the admin chooses). */
export function formatOfFileName(name: string): HistoryImportFormat | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.ndjson') || lower.endsWith('.jsonl') || lower.endsWith('.json')) return 'ndjson';
  return null;
}

export interface ImportProgress {
  /** The step in progress (a failed job: the step it stopped in). */
  step: HistoryImportStep;
  failed: boolean;
  /** Fraction of the whole job for the progress bar, 0–1; undefined while it cannot be told (upload). */
  value: number | undefined;
  /** Lines of production whose figures are computed (derive). */
  unitsDone: number;
}

/**
 * Where a job is: its step and how far. The bar gives the store step 90 % of the way (it reads the
 * file) and the derive step the last 10 %, shared equally among the lines to compute.
 */
export function importProgress(job: HistoryImport): ImportProgress {
  const unitsDone = Math.max(0, job.units_total - job.units_pending);
  const stored = job.bytes_total > 0 ? Math.min(1, job.bytes_read / job.bytes_total) : 0;
  switch (job.phase) {
    case 'upload':
      return { step: 'upload', failed: false, value: undefined, unitsDone: 0 };
    case 'store':
      return { step: 'store', failed: false, value: 0.9 * stored, unitsDone: 0 };
    case 'derive':
      return { step: 'derive', failed: false, value: 0.9 + 0.1 * (job.units_total > 0 ? unitsDone / job.units_total : 1), unitsDone };
    case 'done':
      return { step: 'done', failed: false, value: 1, unitsDone: job.units_total };
    case 'failed': {
      const step: HistoryImportStep = job.bytes_read > 0 || job.rows_read > 0 ? 'store' : job.bytes_total > 0 && job.failure?.code !== 'IMP_UPLOAD_INCOMPLETE' ? 'store' : 'upload';
      return { step, failed: true, value: undefined, unitsDone: 0 };
    }
  }
}

/** The state of each step of a job: done, current, to do, or failed. */
export function stepStates(progress: ImportProgress): { step: HistoryImportStep; state: 'done' | 'current' | 'todo' | 'failed' }[] {
  const at = HISTORY_IMPORT_STEPS.indexOf(progress.step);
  return HISTORY_IMPORT_STEPS.map((step, index) => ({
    step,
    state: index < at || (progress.step === 'done' && index === at) ? 'done' : index === at ? (progress.failed ? 'failed' : 'current') : 'todo',
  }));
}
