import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import { maskAddress, redactUrl, withoutPassword, withSerializers } from '../src/plugins/app/log-serializers.ts';
import { withoutAddresses } from '../src/reports/recipients.ts';

const TOKEN = 'c2VjcmV0LXRva2VuLW9mLXRoZS1saW5r';

describe('the request log keeps no unsubscribe token nor e-mail address (issue 21)', () => {
  it('logs an unsubscribe call at info with the URL redacted', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    // The options buildApp gives Fastify, with the log captured.
    const app = Fastify({ logger: withSerializers({ level: 'info', stream }) });
    app.get('/api/email-reports/:id/unsubscribe', async () => 'page');
    await app.ready();
    const url = `/api/email-reports/7b0f7a43-49d2-4e55-8a8e-2b9f8a1b0c11/unsubscribe?address=plant.manager%40demo.linepulse.test&token=${TOKEN}&lang=fr`;
    const response = await app.inject({ method: 'GET', url });
    assert.equal(response.statusCode, 200);
    await app.close();
    const incoming = lines.map((line) => JSON.parse(line) as { msg: string; req?: { url: string } }).find((line) => line.msg === 'incoming request');
    assert.ok(incoming?.req, lines.join('\n'));
    assert.equal(incoming.req.url, '/api/email-reports/7b0f7a43-49d2-4e55-8a8e-2b9f8a1b0c11/unsubscribe?address=[redacted]&token=[redacted]&lang=fr');
    const all = lines.join('\n');
    assert.ok(!all.includes(TOKEN), all);
    assert.ok(!/plant\.manager|%40demo/.test(all), all);
  });

  it('masks addresses anywhere in a URL and in the text of a log line', () => {
    assert.equal(redactUrl('/a/x%40y.example/b?to=someone@evil.example&n=1'), '/a/[address]/b?to=[address]&n=1');
    assert.equal(redactUrl('/oidc/cb?code=abc&state=s'), '/oidc/cb?code=[redacted]&state=[redacted]');
    assert.equal(redactUrl('/api/health'), '/api/health');
    assert.equal(withoutAddresses('a@demo.linepulse.test: 550 no such user <a@demo.linepulse.test>\nb@x.example: 250 ok'), '[address]: 550 no such user <[address]>\n[address]: 250 ok');
  });
  it('masks the address of a refused sign-in and the password of a broker URL', () => {
    assert.equal(maskAddress('plant.manager@demo.linepulse.test'), 'p…@demo.linepulse.test');
    assert.equal(maskAddress('no-at-sign'), '[address]');
    assert.equal(maskAddress(''), '[address]');
    assert.equal(withoutPassword('mqtts://device:s3cret@broker.example:8883'), 'mqtts://device:%5Bredacted%5D@broker.example:8883');
    assert.equal(withoutPassword('mqtt://127.0.0.1:1883'), 'mqtt://127.0.0.1:1883');
    assert.equal(withoutPassword('not a url'), '[url]');
  });
});
