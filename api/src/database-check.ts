/**
 * The database check behind /api/health. It pings once a second in the background, and a probe is
 * answered from the last result while that result is at most `maxAgeMs` old. So a load balancer's
 * probe never waits for a PostgreSQL backend to get a core on a busy machine: under `pnpm load` that
 * wait, not the api, made most of /api/health's slow answers (decision 28).
 *
 * A probe waits for a check of its own only when there is no recent result: the first probe after
 * the start, or a check that has stalled. A failed check answers "unreachable" until a later one
 * succeeds.
 */
export class DatabaseCheck {
  private last: { ok: boolean; at: number } | null = null;
  private running: Promise<boolean> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly ping: () => Promise<void>,
    private readonly options: { everyMs?: number; maxAgeMs?: number; now?: () => number; onFailure?: (error: unknown) => void } = {},
  ) {}

  /** Starts the background checks (the timer does not keep the process alive). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.check(), this.options.everyMs ?? 1000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One check now (joined by any probe that arrives while it runs). */
  check(): Promise<boolean> {
    const now = this.options.now ?? Date.now;
    this.running ??= this.ping()
      .then(
        () => true,
        (error: unknown) => {
          this.options.onFailure?.(error);
          return false;
        },
      )
      .then((ok) => {
        this.last = { ok, at: now() };
        this.running = null;
        return ok;
      });
    return this.running;
  }

  /** Whether the database answered: the last check while it is recent, otherwise a new one. */
  async reachable(): Promise<boolean> {
    const now = this.options.now ?? Date.now;
    if (this.last && now() - this.last.at <= (this.options.maxAgeMs ?? 3000)) return this.last.ok;
    return this.check();
  }
}
