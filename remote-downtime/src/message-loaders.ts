import type { RemoteMessageLoaders } from '@linepulse/shared';

/**
 * This remote's own words one language at a time: a page downloads the language it shows (decision 57).
 * The chunks' names differ from the platform's `messages-*`: webpack would put chunks of one name together,
 * and this build holds a copy of the platform too.
 */
export const messageLoaders: RemoteMessageLoaders = {
  en: () => import(/* webpackChunkName: "remote-messages-en" */ './messages/en').then((module) => module.en),
  fr: () => import(/* webpackChunkName: "remote-messages-fr" */ './messages/fr').then((module) => module.fr),
  es: () => import(/* webpackChunkName: "remote-messages-es" */ './messages/es').then((module) => module.es),
};
