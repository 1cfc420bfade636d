import { ALERT_KINDS, LANGUAGES, ROUTES, REMOTE_NAMES, ROLES, THEMES, ERROR_CODES, isRemoteOwnedErrorCode } from '@linepulse/contracts';
import { ALL_MESSAGES as MESSAGES } from './all';

describe('shell messages', () => {
  const keys = (language: (typeof LANGUAGES)[number]): string[] => Object.keys(MESSAGES[language]).sort();

  it.each(['fr', 'es'] as const)('%s has exactly the English keys', (language) => {
    expect(keys(language)).toEqual(keys('en'));
  });

  it.each(LANGUAGES)('%s has no empty message', (language) => {
    const empty = Object.entries(MESSAGES[language]).filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
  });

  it('names every route, remote area, role, theme and language', () => {
    const en = MESSAGES.en as Record<string, string>;
    const needed = [
      ...Object.keys(ROUTES).map((id) => `page.${id}`),
      ...REMOTE_NAMES.map((name) => `remote.area.${name}`),
      ...ROLES.map((role) => `role.${role}`),
      ...THEMES.map((theme) => `theme.${theme}`),
      ...LANGUAGES.map((language) => `language.${language}`),
    ];
    expect(needed.filter((key) => !(key in en))).toEqual([]);
  });

  it('says every alert, for the header’s bell and the alerts page alike (alertText, AlertAcknowledgement)', () => {
    const en = MESSAGES.en as Record<string, string>;
    const needed = [
      ...ALERT_KINDS.map((kind) => `alerts.kind.${kind}`),
      ...['where', 'openSince', 'resolved', 'acknowledgedBy', 'notAcknowledged', 'acknowledge', 'acknowledgeOne', 'acknowledgedNow'].map((key) => `alerts.${key}`),
    ];
    expect(needed.filter((key) => !(key in en))).toEqual([]);
  });

  it('translates every backend error code but those a remote translates itself', () => {
    const en = MESSAGES.en as Record<string, string>;
    expect(Object.values(ERROR_CODES).filter((code) => !isRemoteOwnedErrorCode(code) && !(`error.${code}` in en))).toEqual([]);
  });

  it('keeps the placeholders of each message in every language', () => {
    const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1] ?? '').sort();
    const en = MESSAGES.en as Record<string, string>;
    for (const language of ['fr', 'es'] as const) {
      const other = MESSAGES[language] as Record<string, string>;
      const mismatched = Object.keys(en).filter((key) => placeholders(en[key] ?? '').join() !== placeholders(other[key] ?? '').join());
      expect({ language, mismatched }).toEqual({ language, mismatched: [] });
    }
  });
});
