import { INPUT_MAX_DEPTH, inputProblems, textProblem } from './text';

describe('text the database can store', () => {
  it('refuses NUL and unpaired surrogates, keeps every well-formed text', () => {
    expect(textProblem('a\u0000b')).toBe('nul');
    expect(textProblem('x\ud800')).toBe('surrogate');
    expect(textProblem('\udc00x')).toBe('surrogate');
    expect(textProblem('\ud800\ud800\udc00')).toBe('surrogate');
    for (const fine of ['', 'Ligne 🏭', 'é中ß', '\ud83d\ude00', 'tab\there', '%00']) expect(textProblem(fine)).toBeNull();
  });
});

describe('input problems of a parsed body', () => {
  it('names each bad string and key by its path, keys by position', () => {
    expect(inputProblems({ name: 'ok', groups: [{ name: 'a\u0000' }, { ids: ['x', 'y\ud800'] }], rates: { ok: 1, 'k\u0000': 2 } })).toEqual([
      { field: 'groups.0.name', problem: 'nul' },
      { field: 'groups.1.ids.1', problem: 'surrogate' },
      { field: 'rates.[key 1]', problem: 'nul' },
    ]);
    expect(inputProblems('\u0000')).toEqual([{ field: '', problem: 'nul' }]);
  });

  it('limits depth without recursing: a 100 000-deep array is one problem, not a stack overflow', () => {
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    const problems = inputProblems({ objectives: deep });
    expect(problems).toHaveLength(1);
    expect(problems[0]!.problem).toBe('depth');
    expect(problems[0]!.field.split('.')).toHaveLength(INPUT_MAX_DEPTH);
    let fine: unknown = 'leaf';
    for (let i = 0; i < INPUT_MAX_DEPTH - 1; i += 1) fine = [fine];
    expect(inputProblems(fine)).toEqual([]);
  });

  it('looks at the depth only when asked to', () => {
    expect(inputProblems({ id: 'a\u0000' }, { text: false })).toEqual([]);
    expect(inputProblems([[['x']]], { maxDepth: 2, text: false })).toEqual([{ field: '0.0', problem: 'depth' }]);
  });

  it('stops after the most problems it reports', () => {
    expect(inputProblems(Array.from({ length: 100 }, () => '\u0000'), { maxProblems: 5 })).toHaveLength(5);
  });
});
