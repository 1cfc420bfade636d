const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe inside HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/**
 * A small page of its own, outside the apps (the unsubscribe page, the first start's progress page): no
 * script, inline style only (the product's CSP allows that), its title as heading, `body` inside <main>.
 * `head` adds to the head (e.g. a refresh), `style` to the shared rules (later rules win).
 */
export function standalonePage(page: { lang: string; title: string; heading?: string; body: string; head?: string; style?: string }): string {
  return `<!doctype html><html lang="${page.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${page.head ?? ''}
<title>${escapeHtml(page.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:560px;margin:10vh auto;padding:0 16px;color:#1b1b1b}h1{font-size:1.4rem}
${page.style ?? ''}</style>
</head><body><main><h1>${escapeHtml(page.heading ?? page.title)}</h1>${page.body}</main></body></html>`;
}
