/** The demo users of the embedded provider (password `linepulse` for all). */
export const DEMO_PASSWORD = 'linepulse';

export const USERS = {
  admin: { email: 'admin@demo.linepulse.test', name: 'Alice Martin' },
  operation: { email: 'operation@demo.linepulse.test', name: 'Olivier Tremblay' },
  display: { email: 'display@demo.linepulse.test', name: 'Shop Floor Display' },
  noaccess: { email: 'noaccess@demo.linepulse.test', name: 'Nora Access' },
  other: { email: 'admin@other.linepulse.test', name: 'Oscar Other' },
} as const;

export type DemoUser = keyof typeof USERS;

export const DEMO_FACTORIES = ['Montréal', 'Lyon', 'Monterrey'] as const;

export function storageStatePath(user: DemoUser): string {
  return `.auth/${user}.json`;
}
