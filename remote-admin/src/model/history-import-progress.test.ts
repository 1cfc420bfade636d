import type { HistoryImport } from '@linepulse/contracts';
import { formatOfFileName, importProgress, stepStates } from './history-import-progress';

const job = (patch: Partial<HistoryImport>): HistoryImport => ({
  id: 'i',
  factory_id: 'f',
  format: 'ndjson',
  file_name: 'history.ndjson',
  phase: 'store',
  bytes_total: 1000,
  bytes_read: 0,
  rows_read: 0,
  rows_stored: 0,
  rows_duplicate: 0,
  rows_refused: 0,
  units_total: 0,
  units_pending: 0,
  failure: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  finished_at: null,
  ...patch,
});

test('the format follows the file name', () => {
  expect(formatOfFileName('Export.CSV')).toBe('csv');
  expect(formatOfFileName('history.ndjson')).toBe('ndjson');
  expect(formatOfFileName('history.jsonl')).toBe('ndjson');
  expect(formatOfFileName('history.txt')).toBeNull();
});

test('the bar gives the store step 90 % (bytes read) and derivation the rest (lines computed)', () => {
  expect(importProgress(job({ phase: 'upload', bytes_total: 0 })).value).toBeUndefined();
  expect(importProgress(job({ phase: 'store', bytes_read: 500 })).value).toBeCloseTo(0.45);
  const derive = importProgress(job({ phase: 'derive', bytes_read: 1000, units_total: 4, units_pending: 1 }));
  expect(derive.value).toBeCloseTo(0.975);
  expect(derive.unitsDone).toBe(3);
  expect(importProgress(job({ phase: 'done', bytes_read: 1000 })).value).toBe(1);
});

test('each step is done, current, to do or failed', () => {
  expect(stepStates(importProgress(job({ phase: 'derive' }))).map((s) => s.state)).toEqual(['done', 'done', 'current', 'todo']);
  expect(stepStates(importProgress(job({ phase: 'done' }))).map((s) => s.state)).toEqual(['done', 'done', 'done', 'done']);
  const failed = job({ phase: 'failed', bytes_read: 10, failure: { code: 'IMP_FILE_MISSING', arguments: {}, message: '' } });
  expect(stepStates(importProgress(failed)).map((s) => s.state)).toEqual(['done', 'failed', 'todo', 'todo']);
  const upload = job({ phase: 'failed', bytes_total: 10, failure: { code: 'IMP_UPLOAD_INCOMPLETE', arguments: {}, message: '' } });
  expect(stepStates(importProgress(upload)).map((s) => s.state)).toEqual(['failed', 'todo', 'todo', 'todo']);
});
