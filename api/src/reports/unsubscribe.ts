import { createHmac, timingSafeEqual } from 'node:crypto';
import { normaliseRecipient, type Language } from '@linepulse/contracts';
import { languageOfHint } from '../language.ts';
import { escapeHtml, standalonePage } from './html.ts';

/** The token of one recipient's unsubscribe link: an HMAC of the address with the report's own secret. */
export function unsubscribeToken(report: { unsubscribe_secret: string }, address: string): string {
  return createHmac('sha256', report.unsubscribe_secret).update(normaliseRecipient(address)).digest('base64url');
}

export function verifyUnsubscribeToken(report: { unsubscribe_secret: string }, address: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(report, address));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The link (and List-Unsubscribe target) of one recipient. */
export function unsubscribeUrl(publicUrl: string, report: { id: string; unsubscribe_secret: string }, address: string): string {
  const query = new URLSearchParams({ address: normaliseRecipient(address), token: unsubscribeToken(report, address) });
  return `${publicUrl}/api/email-reports/${report.id}/unsubscribe?${query.toString()}`;
}

const TEXTS: Record<Language, { title: string; confirm: string; button: string; done: string; invalid: string }> = {
  en: {
    title: 'Linepulse e-mail report',
    confirm: 'Stop sending this report to {address}?',
    button: 'Unsubscribe',
    done: 'You are unsubscribed from this report: {address} will not receive it any more.',
    invalid: 'This unsubscribe link is not valid, or the report no longer exists.',
  },
  fr: {
    title: 'Rapport courriel Linepulse',
    confirm: 'Ne plus envoyer ce rapport à {address}\u00a0?',
    button: 'Se désabonner',
    done: 'Vous êtes désabonné de ce rapport\u00a0: {address} ne le recevra plus.',
    invalid: 'Ce lien de désabonnement n’est pas valide, ou le rapport n’existe plus.',
  },
  es: {
    title: 'Informe por correo de Linepulse',
    confirm: '¿Dejar de enviar este informe a {address}?',
    button: 'Cancelar la suscripción',
    done: 'Se ha cancelado su suscripción a este informe: {address} ya no lo recibirá.',
    invalid: 'Este enlace para cancelar la suscripción no es válido o el informe ya no existe.',
  },
};

/** The page an unsubscribe link opens (reports/html.ts standalonePage). */
export function unsubscribePage(state: 'confirm' | 'done' | 'invalid', language: string | undefined, options: { address?: string; action?: string } = {}): string {
  const lang = languageOfHint(language);
  const t = TEXTS[lang];
  const address = `<strong>${escapeHtml(options.address ?? '')}</strong>`;
  const body =
    state === 'confirm'
      ? `<p>${escapeHtml(t.confirm).replace('{address}', address)}</p>
         <form method="post" action="${escapeHtml(options.action ?? '')}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(t.button)}</button></form>`
      : state === 'done'
        ? `<p role="status">${escapeHtml(t.done).replace('{address}', address)}</p>`
        : `<p role="alert">${escapeHtml(t.invalid)}</p>`;
  return standalonePage({
    lang,
    title: t.title,
    body,
    style: 'button{font:inherit;padding:8px 16px;border-radius:4px;border:0;background:#0f6cbd;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #1b1b1b;outline-offset:2px}',
  });
}
