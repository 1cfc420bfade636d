/**
 * Who an account's e-mail reports may go to, who may write them, and how many test sends a user and an
 * account may ask for (issue 21, decision 32). The api enforces these; the report form shows the
 * refusals next to the recipients.
 */
import type { Role } from './constants';

/** An allow-list entry: one address (`name@partner.example`) or a whole domain (`@partner.example`). */
export const RECIPIENT_ENTRY_PATTERN = /^(?:[^\s@<>(),;:"[\]\\]+)?@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]+$/;

/** At most this many allow-list entries per account. */
export const RECIPIENT_ALLOW_LIST_MAX = 200;

/** Roles that may create, change, preview and test-send reports: not the shop floor's display (presenter). */
export const REPORT_AUTHOR_ROLES: readonly Role[] = ['supervisor', 'director'];

export function canAuthorReports(role: Role): boolean {
  return REPORT_AUTHOR_ROLES.includes(role);
}

/**
 * Test sends a user, and a whole account, may ask for within a sliding window: enough to check a report
 * after each change, far from a relay (the probe sent 112 in 27 s).
 */
export const REPORT_TEST_SEND_LIMITS = {
  user: { max: 5, windowSeconds: 3600 },
  account: { max: 20, windowSeconds: 3600 },
} as const;

/** What decides whether an address may receive an account's reports. */
export interface RecipientPolicy {
  /** The account's own domain (`accounts.domain_name`): its addresses and its subdomains' are allowed. */
  accountDomain: string;
  /** Addresses of the account's users (whatever their domain). */
  userAddresses: readonly string[];
  /** The account's allow-list, kept by its admins: addresses and `@domain` entries. */
  allowList: readonly string[];
}

const lower = (text: string): string => text.trim().toLowerCase();

/** The domain of an address, lower case ('' when there is none). */
export function addressDomain(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 0 ? '' : lower(address.slice(at + 1));
}

/** Whether the account may send its reports to this address. */
export function recipientAllowed(address: string, policy: RecipientPolicy): boolean {
  const normalised = lower(address);
  const domain = addressDomain(normalised);
  if (domain === '') return false;
  const own = lower(policy.accountDomain);
  if (own !== '' && (domain === own || domain.endsWith(`.${own}`))) return true;
  if (policy.userAddresses.some((user) => lower(user) === normalised)) return true;
  return policy.allowList.some((entry) => {
    const e = lower(entry);
    return e.startsWith('@') ? domain === e.slice(1) : e === normalised;
  });
}

/** The recipients the account may not address, each with its index in the list given. */
export function disallowedRecipients(addresses: readonly string[], policy: RecipientPolicy): { address: string; index: number }[] {
  return addresses.flatMap((address, index) => (recipientAllowed(address, policy) ? [] : [{ address, index }]));
}

/** An allow-list entry as stored (trimmed, lower case), or null when it is neither an address nor `@domain`. */
export function normaliseAllowEntry(entry: string): string | null {
  const e = lower(entry);
  return e.length <= 254 && RECIPIENT_ENTRY_PATTERN.test(e) ? e : null;
}
