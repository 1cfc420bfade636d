/**
 * At most `max` computations at once, the others waiting their turn in order of arrival. When many
 * distinct answers are asked for together (a hundred users arriving at a server nobody has used yet),
 * sharing the cores among all of them makes every one wait for the last; taking them in turn gives
 * each its answer as soon as its own computation is done (decision 28).
 */
export class Turns {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly max: number) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running < this.max) this.running += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await fn();
    } finally {
      // The turn passes to the next in line, or is given back.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
