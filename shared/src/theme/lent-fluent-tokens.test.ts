import { tokens as fluentTokens } from '@fluentui/react-components';
import { tokens } from '../../webpack/fluent-tokens-by-name.mjs';

describe('Fluent tokens made from their names', () => {
  it("reads every token as Fluent's own table has it", () => {
    const names = Object.keys(fluentTokens) as (keyof typeof fluentTokens)[];
    expect(names.length).toBeGreaterThan(400);
    const differing = names.filter((name) => (tokens as Record<string, string>)[name] !== fluentTokens[name]);
    expect(differing).toEqual([]);
  });

  it('reads a z-index token with its fallback, a colour token without', () => {
    expect((tokens as Record<string, string>).zIndexPopup).toBe('var(--zIndexPopup, 2000)');
    expect((tokens as Record<string, string>).colorBrandBackground).toBe('var(--colorBrandBackground)');
  });
});
