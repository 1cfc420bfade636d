import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES, type Language } from '@linepulse/contracts';
import { languageOfHint } from '../language.ts';
import { escapeHtml, standalonePage } from '../reports/html.ts';

/**
 * What a first start does before the product can be used (issue 23): the apps are built (when they
 * are missing or older than their sources: scripts/start.mjs) and the demo history is generated,
 * stored and derived. The server listens from the start; until everything is ready a browser gets a
 * small page with a progress bar that turns into the product by itself, the api's calls a 503 with
 * Retry-After, and /api/health answers as always (the server is alive).
 */
export type StartupStep = 'build' | 'generate' | 'store' | 'derive';

/** How much of the whole wait each step is, roughly as measured on a 2-core machine (decision 44). */
const WEIGHTS: Record<StartupStep, number> = { build: 55, generate: 5, store: 10, derive: 30 };

export interface StartupState {
  preparing: boolean;
  step: StartupStep | null;
  /** Progress inside the step (apps built, units derived…), when it is counted. */
  done: number;
  total: number;
  /** 0–100 over every step still to run when the server started. */
  percent: number;
  /** Why the start failed (a build that failed): shown instead of the progress. */
  failure: string | null;
}

export class StartupProgress {
  private readonly steps: readonly StartupStep[];
  private step: StartupStep | null = null;
  private done = 0;
  private total = 0;
  private ready = false;
  private failure: string | null = null;
  /** The build runs while the history is made: the page shows the build until it ends, then where the history is. */
  private building: boolean;
  private held: { step: StartupStep; done: number; total: number } | null = null;

  /** `steps`: those this start runs, in order (no build when the apps are up to date). */
  constructor(steps: readonly StartupStep[]) {
    this.steps = steps;
    this.ready = steps.length === 0;
    this.building = steps.includes('build');
  }

  get preparing(): boolean {
    return !this.ready;
  }

  /** Moves to `step` (a step never goes back), `done` of `total` of it finished. */
  report(step: StartupStep, done = 0, total = 0): void {
    if (this.ready || !this.steps.includes(step)) return;
    if (this.building && step !== 'build') {
      this.held = { step, done, total };
      return;
    }
    if (this.step !== null && this.steps.indexOf(step) < this.steps.indexOf(this.step)) return;
    this.step = step;
    this.done = Math.max(0, Math.min(done, total));
    this.total = Math.max(0, total);
  }

  /** The apps are built: the page moves on to the history's step, as far as it has gone meanwhile. */
  buildDone(): void {
    this.building = false;
    if (this.held) this.report(this.held.step, this.held.done, this.held.total);
    else this.report(this.steps.find((s) => s !== 'build') ?? 'build');
  }

  fail(reason: string): void {
    this.failure = reason;
  }

  finish(): void {
    this.ready = true;
    this.step = null;
  }

  state(): StartupState {
    const all = this.steps.reduce((sum, s) => sum + WEIGHTS[s], 0);
    let before = 0;
    if (this.step !== null) for (const s of this.steps.slice(0, this.steps.indexOf(this.step))) before += WEIGHTS[s];
    const inside = this.step !== null && this.total > 0 ? (WEIGHTS[this.step] * this.done) / this.total : 0;
    const percent = this.ready ? 100 : all === 0 ? 0 : Math.min(99, Math.floor(((before + inside) / all) * 100));
    return { preparing: !this.ready, step: this.step, done: this.done, total: this.total, percent, failure: this.failure };
  }

  /** One line for the terminal: "Preparing Linepulse: building the apps (3 of 6) — 41 %". */
  line(): string {
    const s = this.state();
    return `Preparing Linepulse: ${stepText('en', s)} — ${s.percent} %`;
  }
}

const TEXTS: Record<Language, { title: string; heading: string; intro: string; bar: string; failed: string; counted: string; steps: Record<StartupStep | 'wait', string> }> = {
  en: {
    title: 'Linepulse is starting',
    heading: 'Linepulse is getting ready',
    intro: 'This first start prepares the product and its demo data. This page turns into the sign-in page by itself.',
    bar: 'Preparation',
    failed: 'The start failed: {reason}. See the terminal where Linepulse was started.',
    counted: '{step} ({done} of {total})',
    steps: {
      build: 'Building the apps',
      generate: 'Generating the demo factories’ history',
      store: 'Storing the demo history',
      derive: 'Computing the figures of each line',
      wait: 'Starting',
    },
  },
  fr: {
    title: 'Linepulse démarre',
    heading: 'Linepulse se prépare',
    intro: 'Ce premier démarrage prépare le produit et ses données de démonstration. Cette page devient la page de connexion d’elle-même.',
    bar: 'Préparation',
    failed: 'Le démarrage a échoué\u00a0: {reason}. Voir le terminal où Linepulse a été lancé.',
    counted: '{step} ({done} sur {total})',
    steps: {
      build: 'Construction des applications',
      generate: 'Création de l’historique des usines de démonstration',
      store: 'Enregistrement de l’historique de démonstration',
      derive: 'Calcul des indicateurs de chaque ligne',
      wait: 'Démarrage',
    },
  },
  es: {
    title: 'Linepulse se está iniciando',
    heading: 'Linepulse se está preparando',
    intro: 'Este primer inicio prepara el producto y sus datos de demostración. Esta página se convertirá sola en la página de inicio de sesión.',
    bar: 'Preparación',
    failed: 'El inicio ha fallado: {reason}. Consulte la terminal donde se inició Linepulse.',
    counted: '{step} ({done} de {total})',
    steps: {
      build: 'Compilando las aplicaciones',
      generate: 'Generando el historial de las fábricas de demostración',
      store: 'Guardando el historial de demostración',
      derive: 'Calculando los indicadores de cada línea',
      wait: 'Iniciando',
    },
  },
};

/** What is being done, with how far when it is counted: "Building the apps (3 of 6)". */
function stepText(language: Language, s: StartupState): string {
  const t = TEXTS[language];
  const step = t.steps[s.step ?? 'wait'];
  return s.total > 0 ? t.counted.replace('{step}', step).replace('{done}', String(s.done)).replace('{total}', String(s.total)) : step;
}

/** Seconds a browser waits before asking again (the page's refresh, the 503's Retry-After). */
const REFRESH_SECONDS = 2;

/**
 * The progress page: no script (the product's CSP allows none inline), a refresh every two seconds, the
 * progress as a labelled bar and as text in a live region; the product itself once ready.
 */
export function startupPage(state: StartupState, hint: string | undefined): string {
  const lang = languageOfHint(hint);
  const t = TEXTS[lang];
  const status = state.failure
    ? `<p role="alert">${escapeHtml(t.failed.replace('{reason}', state.failure))}</p>`
    : `<label for="progress">${escapeHtml(t.bar)}</label>
<progress id="progress" max="100" value="${state.percent}">${state.percent} %</progress>
<p role="status">${escapeHtml(stepText(lang, state))} — ${state.percent}\u00a0%</p>`;
  return standalonePage({
    lang,
    title: t.title,
    heading: t.heading,
    body: `<p>${escapeHtml(t.intro)}</p>${status}`,
    head: state.failure ? '' : `<meta http-equiv="refresh" content="${REFRESH_SECONDS}">`,
    style: `body{margin:15vh auto;background:#fff}progress{width:100%;height:12px;margin:8px 0}label{display:block;font-weight:600}
@media (prefers-color-scheme:dark){body{color:#f0f0f0;background:#1f1f1f}}`,
  });
}

function wantsPage(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && String(request.headers.accept ?? '').includes('text/html');
}

async function startupGate(app: FastifyInstance, options: { progress: StartupProgress }): Promise<void> {
  const { progress } = options;
  app.get('/api/startup', { config: { access: 'public' } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return progress.state();
  });
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!progress.preparing) return;
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api/health' || path === '/api/startup') return;
    reply.header('Cache-Control', 'no-store').header('Retry-After', String(REFRESH_SECONDS));
    if (wantsPage(request)) {
      return reply.status(503).type('text/html; charset=utf-8').send(startupPage(progress.state(), request.headers['accept-language']));
    }
    return reply.status(503).send({
      errors: [{ code: ERROR_CODES.unavailable, arguments: { retry_after: REFRESH_SECONDS }, message: 'Linepulse is getting ready (first start): try again in a moment.' }],
    });
  });
}

export default fp(startupGate, { name: 'startup-gate' });
