// Fluent UI's `tokens` as the host lends them (lent-fluent-theme.mjs): each design token's CSS variable,
// made from the token's name when read. Fluent's own `tokens` is the same table written out, 467 names
// each twice; styles only ever read a token by its name.

/**
 * The tokens whose values have a fallback in Fluent's own table: the layers' z-indices, which no
 * theme sets. shared/src/theme/lent-fluent-tokens.test.ts compares every token with Fluent's table.
 */
const Z_INDEX_FALLBACKS = {
  zIndexBackground: 0,
  zIndexContent: 1,
  zIndexOverlay: 1000,
  zIndexPopup: 2000,
  zIndexMessages: 3000,
  zIndexFloating: 4000,
  zIndexPriority: 5000,
  zIndexDebug: 6000,
};

/**
 * Fluent's `tokens`: each design token's CSS variable, `tokens.colorNeutralForeground1` being
 * `var(--colorNeutralForeground1)`. Styles only ever read a token by its name, so the value is made
 * from the name when read instead of being looked up in the written-out table.
 */
export const tokens = new Proxy(
  {},
  {
    get: (_target, name) => {
      if (typeof name !== 'string') return undefined;
      return name in Z_INDEX_FALLBACKS ? `var(--${name}, ${Z_INDEX_FALLBACKS[name]})` : `var(--${name})`;
    },
  },
);
