import { INGEST_EVENTS_PATH, UNIT_KEY_PLACEHOLDER, ingestCurlCommand } from './ingest-curl';

const at = new Date('2026-03-01T10:00:00.000Z');

describe('the curl example shown with a new ingest key', () => {
  it('posts one running state for the unit, with the key as bearer token', () => {
    const command = ingestCurlCommand({ origin: 'https://plant.example', key: 'lpk_abc123', unitKey: 'line-1', at });
    expect(command).toContain(`curl -X POST 'https://plant.example${INGEST_EVENTS_PATH}'`);
    expect(command).toContain(`-H 'Authorization: Bearer lpk_abc123'`);
    const body = /-d '(.*)'$/.exec(command)?.[1];
    expect(JSON.parse(body!)).toEqual({
      events: [{ id: `setup-check-${at.getTime()}`, type: 'state', unit: 'line-1', at: '2026-03-01T10:00:00.000Z', state: 'running' }],
    });
  });

  it('uses a placeholder the admin must replace while no unit is declared', () => {
    const command = ingestCurlCommand({ origin: 'http://localhost:8445', key: 'k', unitKey: null, at });
    expect(command).toContain(`"unit":"${UNIT_KEY_PLACEHOLDER}"`);
  });
});
