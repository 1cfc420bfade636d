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

/**
 * Upserts already-validated preferences, in one statement that also checks the selected saved filter
 * is one of the caller's own (another account's or user's filter id is refused, not stored). Returns
 * false, storing nothing, when it is not.
 */
export async function savePreferences(
  db: Queryable,
  accountId: string,
  userId: string,
  preferences: Preferences,
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO user_preferences (account_id, user_id, language, theme, tilelytics, updated_at)
     SELECT $1, $2, $3, $4, $5::jsonb, now()
      WHERE $6::uuid IS NULL
         OR EXISTS (SELECT 1 FROM saved_filters WHERE account_id = $1 AND user_id = $2 AND id = $6::uuid)
     ON CONFLICT (account_id, user_id)
     DO UPDATE SET language = EXCLUDED.language, theme = EXCLUDED.theme, tilelytics = EXCLUDED.tilelytics, updated_at = now()
     RETURNING 1`,
    [accountId, userId, preferences.language, preferences.theme, JSON.stringify(preferences.tilelytics), preferences.tilelytics.selected_tilelytics_filter_id ?? null],
  );
  return rows.length > 0;
}
