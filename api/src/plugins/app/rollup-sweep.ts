import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sweep } from '../../analytics/rollups.ts';

declare module 'fastify' {
  interface FastifyInstance {
    rollupSweep: RollupSweep;
  }
}

export interface RollupSweep {
  /**
   * Starts a background pass now instead of at the next tick, or right after the one running (which
   * may have listed its units before the new marks). For changes that mark a whole history: the
   * recomputation budget (a year of 20 units within 60 s of the save) cannot afford to wait for the
   * next tick. Does nothing when the background pass is off.
   */
  soon(): void;
}

/**
 * The background pass of the analytics engine (src/analytics/rollups.ts `sweep`): dirty ranges and
 * live units' current hour, every ROLLUP_REFRESH_SECONDS (default 60; 0 turns it off, as tests and
 * benchmarks that sweep themselves do), one pass at a time.
 */
export default fp(
  async (app: FastifyInstance) => {
    const seconds = Number(process.env.ROLLUP_REFRESH_SECONDS ?? 60);
    let running = false;
    let again = false;
    const pass = (): void => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      again = false;
      sweep(app.db)
        .catch((error: unknown) => app.log.warn({ err: error }, 'rollup sweep failed'))
        .finally(() => {
          running = false;
          if (again && !closing) pass();
        });
    };
    let closing = false;
    const on = seconds > 0;
    app.decorate('rollupSweep', { soon: () => (on && !closing ? pass() : undefined) });
    if (!on) return;
    const timer = setInterval(() => {
      if (!running) pass();
    }, seconds * 1000);
    timer.unref();
    app.addHook('onClose', async () => {
      closing = true;
      clearInterval(timer);
    });
  },
  { name: 'rollup-sweep', dependencies: ['db'] },
);
