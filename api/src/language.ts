import type { Language } from '@linepulse/contracts';

/** The first of the product's languages in an Accept-Language header or a locale hint ("fr-CA,en;q=0.8" → fr); English otherwise. */
export function languageOfHint(hint: string | undefined): Language {
  const first = (hint ?? '').toLowerCase().match(/\b(en|fr|es)\b/);
  return (first?.[1] as Language | undefined) ?? 'en';
}
