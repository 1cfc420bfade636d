/**
 * Answers shared between identical requests: one computation for all the requests that ask the same
 * thing while it runs, and its answer kept for `ttlMs` afterwards (0: only while it runs). Failures
 * are never kept. At most `max` answers are kept, the oldest dropped first.
 *
 * A caller may pass the signal of its client's connection: the computation is told to stop (its own
 * signal aborts) only when every caller that joined it has gone, so one user closing the page does not
 * fail the answer another user is still waiting for. A caller without a signal keeps it running.
 */
interface Running {
  promise: Promise<unknown>;
  controller: AbortController;
  callers: number;
}

export class SharedAnswers {
  private readonly running = new Map<string, Running>();
  private readonly kept = new Map<string, { at: number; value: unknown }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 50,
  ) {}

  get<T>(key: string, compute: (signal: AbortSignal) => Promise<T>, caller?: AbortSignal): Promise<T> {
    const hit = this.kept.get(key);
    if (hit && Date.now() - hit.at <= this.ttlMs) return Promise.resolve(hit.value as T);
    if (hit) this.kept.delete(key);
    let entry = this.running.get(key);
    if (!entry) {
      const controller = new AbortController();
      const promise = compute(controller.signal).then((value) => {
        if (this.ttlMs > 0 && !controller.signal.aborted) {
          const now = Date.now();
          this.kept.set(key, { at: now, value });
          // Oldest first (insertion order): drop the expired ones, and the oldest beyond `max`.
          for (const [k, kept] of this.kept) {
            if (this.kept.size <= this.max && now - kept.at <= this.ttlMs) break;
            this.kept.delete(k);
          }
        }
        return value;
      });
      const created: Running = { promise, controller, callers: 0 };
      const forget = () => {
        if (this.running.get(key) === created) this.running.delete(key);
      };
      promise.then(forget, forget);
      this.running.set(key, created);
      entry = created;
    }
    const joined = entry;
    joined.callers += 1;
    if (caller) {
      const leave = () => {
        joined.callers -= 1;
        if (joined.callers > 0) return;
        joined.controller.abort();
        // A request arriving now starts afresh rather than joining a computation that is stopping.
        if (this.running.get(key) === joined) this.running.delete(key);
      };
      if (caller.aborted) leave();
      else {
        caller.addEventListener('abort', leave, { once: true });
        const stopListening = () => caller.removeEventListener('abort', leave);
        joined.promise.then(stopListening, stopListening);
      }
    }
    return joined.promise as Promise<T>;
  }
}
