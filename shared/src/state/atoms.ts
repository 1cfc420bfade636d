import { atom } from 'jotai';
import type { UserClaims } from '@linepulse/contracts';

/**
 * Client state only. What the server says (preferences, factories, account, custom periods,
 * currencies, a factory's shifts and products) lives in the one react-query cache; see `hooks.ts`.
 */

/** The signed-in user, read from the ID token's claims at start-up; null when signed out. */
export const userAtom = atom<UserClaims | null>(null);

/** The factory the user works on; the first one after sign-in, then the last one visited. */
export const activeFactoryIdAtom = atom<string | null>(null);

/**
 * Whether preference changes (period, theme, language…) are saved to the user's account. The host saves
 * them; an embed in another product does not unless that product asks (issue 24: a period picked in the
 * embed replaced the user's saved preferences): its changes then apply to the embed only.
 */
export const preferencesSavedAtom = atom<boolean>(true);
