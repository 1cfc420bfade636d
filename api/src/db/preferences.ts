import { normalisePreferences, type Preferences } from '@linepulse/contracts';
import { queryOne, type Queryable } from './db.ts';

interface PreferencesRow {
  language: string;
  theme: string;
  tilelytics: unknown;
}

/** Stored preferences, normalised on the way out (product §4); defaults when none are stored. */
export async function getPreferences(db: Queryable, accountId: string, userId: string): Promise<Preferences> {
  const row = await queryOne<PreferencesRow>(
    db,
    'SELECT language, theme, tilelytics FROM user_preferences WHERE account_id = $1 AND user_id = $2',
    [accountId, userId],
  );
  return normalisePreferences(row ?? undefined);
}

/** Upserts already-validated preferences. */
export async function savePreferences(
  db: Queryable,
  accountId: string,
  userId: string,
  preferences: Preferences,
): Promise<void> {
  await db.query(
    `INSERT INTO user_preferences (account_id, user_id, language, theme, tilelytics, updated_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, now())
     ON CONFLICT (account_id, user_id)
     DO UPDATE SET language = EXCLUDED.language, theme = EXCLUDED.theme, tilelytics = EXCLUDED.tilelytics, updated_at = now()`,
    [accountId, userId, preferences.language, preferences.theme, JSON.stringify(preferences.tilelytics)],
  );
}
