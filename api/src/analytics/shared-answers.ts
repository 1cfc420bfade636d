/**
 * Answers shared between identical requests: one computation for all the requests that ask the same
 * thing while it runs, and its answer kept for `ttlMs` afterwards (0: only while it runs). Failures
 * are never kept. At most `max` answers are kept, the oldest dropped first.
 */
export class SharedAnswers {
  private readonly running = new Map<string, Promise<unknown>>();
  private readonly kept = new Map<string, { at: number; value: unknown }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 50,
  ) {}

  get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.kept.get(key);
    if (hit && Date.now() - hit.at <= this.ttlMs) return Promise.resolve(hit.value as T);
    if (hit) this.kept.delete(key);
    const pending = this.running.get(key);
    if (pending) return pending as Promise<T>;
    const p = compute().then((value) => {
      if (this.ttlMs > 0) {
        this.kept.set(key, { at: Date.now(), value });
        if (this.kept.size > this.max) this.kept.delete(this.kept.keys().next().value!);
      }
      return value;
    });
    this.running.set(key, p);
    const forget = () => this.running.delete(key);
    p.then(forget, forget);
    return p;
  }
}
