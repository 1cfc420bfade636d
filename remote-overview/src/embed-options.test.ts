import { embedOptionProblems } from './embed-options';

const PAGE = 'https://sister.example.com/plants/overview.html';
const element = { attachShadow: () => ({}) };
const valid = {
  getAccessToken: async () => 'token',
  apiBase: 'https://linepulse.example.com/api',
  dashboardApiBase: 'https://linepulse.example.com/dashboard-api',
};

describe('embedOptionProblems', () => {
  it('accepts the required options, and every optional one of the right kind', () => {
    expect(embedOptionProblems(element, valid, PAGE)).toEqual([]);
    const full = {
      ...valid,
      locale: 'fr',
      theme: 'dark',
      factoryId: 'b08f5373-cb07-5ca7-87aa-3ed2603b3dd3',
      savePreferences: true,
      linepulseUrl: 'https://linepulse.example.com',
      onNavigate: () => undefined,
      notifier: { success: () => undefined, error: () => undefined },
    };
    expect(embedOptionProblems(element, full, PAGE)).toEqual([]);
  });

  it('takes the apis behind a same-origin proxy as addresses relative to the page', () => {
    expect(embedOptionProblems(element, { ...valid, apiBase: '/linepulse/api', dashboardApiBase: '../dashboard-api' }, PAGE)).toEqual([]);
  });

  it('keeps unknown languages and themes to their documented defaults (English, light) rather than failing', () => {
    expect(embedOptionProblems(element, { ...valid, locale: 'de', theme: 'sepia' }, PAGE)).toEqual([]);
  });

  it('names every mistake at once', () => {
    const problems = embedOptionProblems(null, { apiBase: 'ftp://files.example.com', dashboardApiBase: '', getAccessToken: 'token' }, PAGE);
    expect(problems).toEqual([
      'element must be an HTML element that can hold a shadow root (a div, a section, …)',
      'getAccessToken must be a function returning a promise of the access token',
      'apiBase must be an http(s) address, e.g. https://linepulse.example.com/api',
      'dashboardApiBase must be an http(s) address, e.g. https://linepulse.example.com/dashboard-api',
    ]);
  });

  it('refuses optional options of the wrong kind', () => {
    const wrong = { ...valid, locale: 3, theme: {}, factoryId: ' ', savePreferences: 'yes', linepulseUrl: 'javascript:alert(1)', onNavigate: '/x', notifier: { success: () => undefined } };
    expect(embedOptionProblems(element, wrong, PAGE)).toEqual([
      'locale must be a string (en, fr or es)',
      'theme must be a string (light, dark or accessible)',
      'factoryId must be a factory id (a non-empty string) when given',
      'savePreferences must be true or false when given',
      'linepulseUrl must be an http(s) address when given',
      'onNavigate must be a function when given',
      'notifier must have success(message) and error(message) functions when given',
    ]);
  });

  it('asks for the options object when there is none', () => {
    expect(embedOptionProblems(element, undefined, PAGE)).toEqual(['options must be an object with getAccessToken, apiBase and dashboardApiBase']);
  });
});
