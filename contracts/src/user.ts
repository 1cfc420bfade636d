import type { Role } from './constants';

/** Avatar initials: first letters of the first two words of the name; one word gives one letter. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toLocaleUpperCase() ?? '')
    .join('');
}

/** Translation key of the role label shown in the settings menu (product §1). */
export const ROLE_LABEL_KEY: Record<Role, string> = {
  supervisor: 'role.supervisor',
  director: 'role.director',
  presenter: 'role.presenter',
};
