import { UNIT_KEY_PLACEHOLDER, ingestCurlCommand, ingestEventsUrl } from './ingest-curl';

const at = new Date('2026-03-01T10:00:00.000Z');

describe('the ingestion address', () => {
  it('is under the api base, absolute or relative to the page', () => {
    expect(ingestEventsUrl('https://plant.example/api', 'https://host.example')).toBe('https://plant.example/api/ingest/v1/events');
    expect(ingestEventsUrl('https://plant.example/api/', 'https://host.example')).toBe('https://plant.example/api/ingest/v1/events');
    expect(ingestEventsUrl('/api', 'https://plant.example')).toBe('https://plant.example/api/ingest/v1/events');
  });
});

describe('the curl example shown with a new ingest key', () => {
  it('posts one running state for the unit, with the key as bearer token', () => {
    const command = ingestCurlCommand({ url: 'https://plant.example/api/ingest/v1/events', key: 'lpk_abc123', unitKey: 'line-1', at });
    expect(command).toContain(`curl -X POST 'https://plant.example/api/ingest/v1/events'`);
    expect(command).toContain(`-H 'Authorization: Bearer lpk_abc123'`);
    const body = /-d '(.*)'$/.exec(command)?.[1];
    expect(JSON.parse(body!)).toEqual({
      events: [{ id: `setup-check-${at.getTime()}`, type: 'state', unit: 'line-1', at: '2026-03-01T10:00:00.000Z', state: 'running' }],
    });
  });

  it('uses a placeholder the admin must replace while no unit is declared', () => {
    const command = ingestCurlCommand({ url: 'http://localhost:8445/api/ingest/v1/events', key: 'k', unitKey: null, at });
    expect(command).toContain(`"unit":"${UNIT_KEY_PLACEHOLDER}"`);
  });
});
