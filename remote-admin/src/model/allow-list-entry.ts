import { RECIPIENT_ALLOW_LIST_MAX, normaliseAllowEntry } from '@linepulse/contracts';

/** Why an entry cannot join the allow-list, checked before anything is sent. */
export type AllowEntryProblem = 'required' | 'invalid' | 'duplicate' | 'full';

/**
 * The entry as the api stores it (trimmed, lower case), or why it is refused: the same rule the api
 * applies (contracts' `normaliseAllowEntry`, decision 32), plus the list's own limits (no duplicate, at
 * most RECIPIENT_ALLOW_LIST_MAX entries).
 */
export function allowEntryToAdd(text: string, entries: readonly string[]): { entry: string } | { problem: AllowEntryProblem } {
  if (text.trim() === '') return { problem: 'required' };
  const entry = normaliseAllowEntry(text);
  if (entry === null) return { problem: 'invalid' };
  if (entries.includes(entry)) return { problem: 'duplicate' };
  if (entries.length >= RECIPIENT_ALLOW_LIST_MAX) return { problem: 'full' };
  return { entry };
}
