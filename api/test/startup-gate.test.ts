/**
 * A first start listens at once (issue 23): while the apps build and the demo history is made, a
 * browser gets a progress page in its language that refreshes itself, the api's calls a 503 with
 * Retry-After in the documented error shape, /api/health and /api/startup answer; once ready, nothing
 * is held any more.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { StartupProgress, startupPage } from '../src/startup/startup-gate.ts';
import { build, DEMO, tokenFor } from './helper.ts';

const HTML = { accept: 'text/html,application/xhtml+xml', 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' };

describe('the first start’s progress page', () => {
  it('holds pages and calls while preparing, with the progress in the visitor’s language, then lets everything through', async (t) => {
    const startup = new StartupProgress(['build', 'generate', 'store', 'derive']);
    const { app } = await build(t, {}, { startup });
    startup.report('build', 3, 6);

    const page = await app.inject({ method: 'GET', url: '/company-overview', headers: HTML });
    assert.equal(page.statusCode, 503);
    assert.equal(page.headers['retry-after'], '2');
    assert.equal(page.headers['cache-control'], 'no-store');
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.match(page.body, /<html lang="fr">/);
    assert.match(page.body, /<meta http-equiv="refresh" content="2">/);
    assert.match(page.body, /<progress id="progress" max="100" value="27">/);
    assert.match(page.body, /<p role="status">Construction des applications \(3 sur 6\) — 27\u00a0%<\/p>/);
    // The page runs no script: the product's CSP applies to it as to every answer.
    assert.doesNotMatch(page.body, /<script/);
    assert.match(String(page.headers['content-security-policy']), /script-src/);

    const token = await tokenFor(app, DEMO.admin);
    const call = await app.inject({ method: 'GET', url: '/api/user/factories', headers: { authorization: `Bearer ${token}` } });
    assert.equal(call.statusCode, 503);
    assert.equal(call.json().errors[0].code, 'GEN_503');
    assert.deepEqual(call.json().errors[0].arguments, { retry_after: 2 });
    assert.equal((await app.inject({ method: 'GET', url: '/config.json' })).statusCode, 503);

    assert.equal((await app.inject({ method: 'GET', url: '/api/health' })).statusCode, 200);
    startup.buildDone();
    startup.report('derive', 5, 20);
    const state = await app.inject({ method: 'GET', url: '/api/startup' });
    assert.deepEqual(state.json(), { preparing: true, step: 'derive', done: 5, total: 20, percent: 77, failure: null });

    startup.finish();
    assert.equal((await app.inject({ method: 'GET', url: '/api/user/factories', headers: { authorization: `Bearer ${token}` } })).statusCode, 200);
    assert.equal((await app.inject({ method: 'GET', url: '/config.json' })).statusCode, 200);
    assert.equal((await app.inject({ method: 'GET', url: '/api/startup' })).json().preparing, false);
  });

  it('never goes back a step, says a failed build instead of the bar, and speaks English or Spanish too', () => {
    const startup = new StartupProgress(['generate', 'store', 'derive']);
    startup.report('store');
    startup.report('generate');
    assert.equal(startup.state().step, 'store');
    assert.equal(startup.state().percent, 11);
    assert.match(startupPage(startup.state(), 'es-ES'), /Guardando el historial de demostración — 11\u00a0%/);
    assert.match(startupPage(startup.state(), undefined), /Storing the demo history — 11\u00a0%/);
    startup.fail('the build of host failed');
    const failed = startupPage(startup.state(), 'en');
    assert.match(failed, /<p role="alert">The start failed: the build of host failed\./);
    assert.doesNotMatch(failed, /http-equiv="refresh"|<progress/);
    assert.equal(startup.line(), 'Preparing Linepulse: Storing the demo history — 11 %');
  });

  it('shows the build while the history is made beside it, then where the history has got to', () => {
    const startup = new StartupProgress(['build', 'generate', 'store', 'derive']);
    startup.report('build', 2, 6);
    startup.report('derive', 4, 20);
    assert.deepEqual([startup.state().step, startup.state().done, startup.state().total], ['build', 2, 6]);
    startup.report('build', 6, 6);
    startup.buildDone();
    assert.deepEqual([startup.state().step, startup.state().done, startup.state().total, startup.state().percent], ['derive', 4, 20, 76]);
  });
});
