/**
 * HTML of the embedded provider's own pages (sign-in, sign-out, errors), translated by the
 * `ui_locales` hint and styled by the `theme` hint the front end sends with the authorization request.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export type PageLocale = 'en' | 'fr' | 'es';
export type PageTheme = 'light' | 'dark' | 'accessible';

const TEXT = {
  en: {
    title: 'Sign in to Linepulse',
    heading: 'Sign in to Linepulse',
    intro: 'Development sign-in provider embedded in the Linepulse server.',
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
    wrong: 'Wrong email or password.',
    locked: 'Too many failed sign-in attempts. Try again in {minutes} minutes.',
    signOutQuestion: 'Sign out of Linepulse?',
    signOut: 'Sign out',
    demo: 'Demo accounts (password: {password})',
    signedOut: 'You are signed out.',
    backHome: 'Back to Linepulse',
    signingOut: 'Signing out…',
    continue: 'Continue',
    error: 'Something went wrong',
  },
  fr: {
    title: 'Connexion à Linepulse',
    heading: 'Connexion à Linepulse',
    intro: 'Fournisseur de connexion de développement intégré au serveur Linepulse.',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    submit: 'Se connecter',
    wrong: 'Adresse e-mail ou mot de passe incorrect.',
    locked: 'Trop de tentatives de connexion échouées. Réessayez dans {minutes} minutes.',
    signOutQuestion: 'Se déconnecter de Linepulse\u00a0?',
    signOut: 'Se déconnecter',
    demo: 'Comptes de démonstration (mot de passe\u00a0: {password})',
    signedOut: 'Vous êtes déconnecté.',
    backHome: 'Retour à Linepulse',
    signingOut: 'Déconnexion…',
    continue: 'Continuer',
    error: 'Une erreur est survenue',
  },
  es: {
    title: 'Iniciar sesión en Linepulse',
    heading: 'Iniciar sesión en Linepulse',
    intro: 'Proveedor de inicio de sesión de desarrollo integrado en el servidor Linepulse.',
    email: 'Correo electrónico',
    password: 'Contraseña',
    submit: 'Iniciar sesión',
    wrong: 'Correo electrónico o contraseña incorrectos.',
    locked: 'Demasiados intentos de inicio de sesión fallidos. Vuelva a intentarlo en {minutes} minutos.',
    signOutQuestion: '¿Cerrar la sesión de Linepulse?',
    signOut: 'Cerrar sesión',
    demo: 'Cuentas de demostración (contraseña: {password})',
    signedOut: 'Ha cerrado la sesión.',
    backHome: 'Volver a Linepulse',
    signingOut: 'Cerrando sesión…',
    continue: 'Continuar',
    error: 'Algo salió mal',
  },
} as const satisfies Record<PageLocale, Record<string, string>>;

const PALETTES: Record<PageTheme, Record<string, string>> = {
  light: { bg: '#f5f5f5', card: '#ffffff', fg: '#242424', muted: '#616161', border: '#d1d1d1', accent: '#0f6cbd', accentFg: '#ffffff', error: '#b10e1c', focus: '#0f6cbd' },
  dark: { bg: '#1f1f1f', card: '#292929', fg: '#ffffff', muted: '#adadad', border: '#4d4d4d', accent: '#479ef5', accentFg: '#000000', error: '#ff99a4', focus: '#ffffff' },
  // High contrast: pure black and white, yellow accent, thick borders and focus rings.
  accessible: { bg: '#000000', card: '#000000', fg: '#ffffff', muted: '#ffffff', border: '#ffffff', accent: '#ffff00', accentFg: '#000000', error: '#ffff00', focus: '#00ffff' },
};

/** First supported language in a `ui_locales` hint ("fr-CA en" → fr); English otherwise. */
export function pickLocale(hint: unknown): PageLocale {
  if (typeof hint === 'string') {
    for (const tag of hint.split(/\s+/)) {
      const lang = tag.toLowerCase().split(/[-_]/)[0];
      if (lang === 'en' || lang === 'fr' || lang === 'es') return lang;
    }
  }
  return 'en';
}

export function pickTheme(hint: unknown): PageTheme {
  return hint === 'light' || hint === 'dark' || hint === 'accessible' ? hint : 'light';
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * The product's icon inline, the file the host's page shows too (`@linepulse/contracts/product-icon.svg`):
 * without one the browser asks for a /favicon.ico that does not exist (a 404 in the console of every
 * sign-in), and the tab shows none. Inline: the CSP allows data: images.
 */
const ICON = `data:image/svg+xml,${encodeURIComponent(
  readFileSync(createRequire(import.meta.url).resolve('@linepulse/contracts/product-icon.svg'), 'utf8').trim(),
)}`;

function layout(locale: PageLocale, theme: PageTheme, title: string, body: string): string {
  const p = PALETTES[theme];
  const border = theme === 'accessible' ? '2px' : '1px';
  return `<!DOCTYPE html>
<html lang="${locale}" data-theme="${theme}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="${ICON}">
<style>
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:${p.bg};color:${p.fg};
    font-family:"Segoe UI",system-ui,-apple-system,Roboto,"Helvetica Neue",Arial,sans-serif;font-size:${theme === 'accessible' ? '18px' : '15px'};line-height:1.45}
  main{width:min(400px,92vw);background:${p.card};border:${border} solid ${p.border};border-radius:8px;padding:28px 28px 20px}
  h1{font-size:1.5em;margin:0 0 6px}
  p.intro{color:${p.muted};margin:0 0 20px;font-size:.9em}
  label{display:block;font-weight:600;margin:14px 0 4px}
  input{width:100%;padding:9px 10px;font:inherit;color:${p.fg};background:${p.card};border:${border} solid ${p.border};border-radius:4px}
  input:focus,button:focus,a:focus{outline:${theme === 'accessible' ? '3px' : '2px'} solid ${p.focus};outline-offset:2px}
  button{margin-top:22px;width:100%;padding:10px;font:inherit;font-weight:600;cursor:pointer;color:${p.accentFg};background:${p.accent};border:${border} solid ${p.accent};border-radius:4px}
  .error{margin:14px 0 0;padding:8px 10px;border:${border} solid ${p.error};color:${p.error};border-radius:4px}
  details{margin-top:22px;color:${p.muted};font-size:.9em}
  details ul{padding-left:18px;margin:6px 0 0}
  code{font-family:Consolas,Menlo,monospace}
  a{color:${p.accent}}
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export interface LoginPageOptions {
  locale: PageLocale;
  theme: PageTheme;
  action: string;
  email?: string;
  failed?: boolean;
  /** Seconds left of a lockout (too many failures): says so instead of "wrong password". */
  lockedSeconds?: number;
  demoAccounts: { email: string; description: string }[];
  demoPassword: string;
}

export function loginPage(options: LoginPageOptions): string {
  const t = TEXT[options.locale];
  const message = options.lockedSeconds
    ? t.locked.replace('{minutes}', String(Math.max(1, Math.ceil(options.lockedSeconds / 60))))
    : options.failed
      ? t.wrong
      : null;
  const error = message ? `<p class="error" role="alert" id="login-error">${escapeHtml(message)}</p>` : '';
  const described = message ? ' aria-describedby="login-error" aria-invalid="true"' : '';
  const demo = options.demoAccounts.length
    ? `<details open>
  <summary>${escapeHtml(t.demo.replace('{password}', options.demoPassword))}</summary>
  <ul>
${options.demoAccounts.map((a) => `    <li><code>${escapeHtml(a.email)}</code> — ${escapeHtml(a.description)}</li>`).join('\n')}
  </ul>
</details>`
    : '';
  return layout(
    options.locale,
    options.theme,
    t.title,
    `<h1>${escapeHtml(t.heading)}</h1>
<p class="intro">${escapeHtml(t.intro)}</p>
<form method="post" action="${escapeHtml(options.action)}" autocomplete="on" novalidate>
  <label for="email">${escapeHtml(t.email)}</label>
  <input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(options.email ?? '')}"${described}>
  <label for="password">${escapeHtml(t.password)}</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required${described}>
  ${error}
  <button type="submit">${escapeHtml(t.submit)}</button>
</form>
${demo}`,
  );
}

/** The one inline script of the provider's pages; its hash is added to the page's script-src. */
export const LOGOUT_AUTO_SUBMIT = "document.getElementById('op.logoutForm').submit()";

/**
 * Sign-out: oidc-provider's own form (its xsrf secret inside) posts logout=yes. It submits itself only
 * when `autoSubmit` (the request came from the product's own origin for the signed-in account: what
 * MSAL's sign-out does); otherwise the user confirms with a button, so that a link or image on another
 * site cannot sign anyone out.
 */
export function logoutPage(locale: PageLocale, form: string, autoSubmit: boolean): string {
  const t = TEXT[locale];
  const autoForm = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  if (autoSubmit) {
    return layout(
      locale,
      'light',
      t.signingOut,
      `<h1>${escapeHtml(t.signingOut)}</h1>
${autoForm}
<noscript><button type="submit" form="op.logoutForm">${escapeHtml(t.continue)}</button></noscript>
<script>${LOGOUT_AUTO_SUBMIT}</script>`,
    );
  }
  return layout(
    locale,
    'light',
    t.signOutQuestion,
    `<h1>${escapeHtml(t.signOutQuestion)}</h1>
${autoForm}
<button type="submit" form="op.logoutForm">${escapeHtml(t.signOut)}</button>`,
  );
}

export function signedOutPage(locale: PageLocale, homeUrl: string): string {
  const t = TEXT[locale];
  return layout(locale, 'light', t.signedOut, `<h1>${escapeHtml(t.signedOut)}</h1>\n<p><a href="${escapeHtml(homeUrl)}">${escapeHtml(t.backHome)}</a></p>`);
}

export function errorPage(locale: PageLocale, details: Record<string, string>): string {
  const t = TEXT[locale];
  const rows = Object.entries(details)
    .map(([k, v]) => `<p><strong>${escapeHtml(k)}</strong>: ${escapeHtml(String(v))}</p>`)
    .join('\n');
  return layout(locale, 'light', t.error, `<h1>${escapeHtml(t.error)}</h1>\n${rows}`);
}
