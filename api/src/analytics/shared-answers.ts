/**
 * Answers shared between identical requests: one computation for all the requests that ask the same
 * thing while it runs, and its answer kept for `ttlMs` afterwards (0: only while it runs). Failures
 * are never kept. At most `max` answers are kept, the oldest dropped first.
 *
 * For `staleMs` after that, a request still gets the kept answer at once while it starts a new
 * computation in the background (none starts while one runs): under load, users are not all kept
 * waiting each time an answer comes of age; the answer they get is at most `ttlMs` plus one
 * computation old. A failed refresh leaves the kept answer to its end; past `ttlMs + staleMs` a
 * request waits for a new computation (decision 28).
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
    private readonly staleMs = 0,
  ) {}

  get<T>(key: string, compute: (signal: AbortSignal) => Promise<T>, caller?: AbortSignal): Promise<T> {
    const hit = this.kept.get(key);
    if (hit) {
      const age = Date.now() - hit.at;
      if (age <= this.ttlMs) return Promise.resolve(hit.value as T);
      if (age <= this.ttlMs + this.staleMs) {
        // No caller joins it: a background refresh stops for no one leaving.
        if (!this.running.has(key)) this.start(key, compute).promise.catch(() => undefined);
        return Promise.resolve(hit.value as T);
      }
      this.kept.delete(key);
    }
    const joined = this.running.get(key) ?? this.start(key, compute);
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

  private start<T>(key: string, compute: (signal: AbortSignal) => Promise<T>): Running {
    const controller = new AbortController();
    const promise = compute(controller.signal).then((value) => {
      if (this.ttlMs > 0 && !controller.signal.aborted) {
        const now = Date.now();
        this.kept.delete(key); // re-inserted last: the map stays in age order
        this.kept.set(key, { at: now, value });
        // Oldest first (insertion order): drop the ones past use, and the oldest beyond `max`.
        for (const [k, kept] of this.kept) {
          if (this.kept.size <= this.max && now - kept.at <= this.ttlMs + this.staleMs) break;
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
    return created;
  }
}
