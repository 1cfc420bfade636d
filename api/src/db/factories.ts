import {
  oeeTarget,
  type Factory,
  type FactoryProduct,
  type FactorySettings,
  type Language,
  type Month,
  type Objective,
  type ObjectiveType,
  type ProductionUnitSummary,
  type UnitWorkShifts,
  type UserUnitWorkShifts,
  type WeekDay,
} from '@linepulse/contracts';
import { queryOne, type Queryable } from './db.ts';
import { markHistoryDirty } from './rollup-dirty.ts';

interface FactoryRow {
  id: string;
  name: string;
  timezone: string;
  primary_language: string;
  year_first_month: string;
  week_first_day: string;
  currency: string;
  production_day_minutes_from_midnight: number;
  is_calendar_day_business_day: boolean;
  alert_capability: boolean;
  forms_workspace_id: string | null;
  updated_at: string;
}

const FACTORY_COLUMNS = `id, name, timezone, primary_language, year_first_month, week_first_day, currency,
  production_day_minutes_from_midnight, is_calendar_day_business_day, alert_capability, forms_workspace_id, updated_at`;

const OBJECTIVE_ORDER: ObjectiveType[] = ['availability', 'performance', 'quality'];

/** Factories of one account with their units and objectives; optionally only one factory. */
export async function listFactories(db: Queryable, accountId: string, factoryId?: string): Promise<Factory[]> {
  const only = factoryId === undefined ? '' : ' AND id = $2';
  const params = factoryId === undefined ? [accountId] : [accountId, factoryId];
  const factories = await db.query<FactoryRow>(
    `SELECT ${FACTORY_COLUMNS} FROM factories WHERE account_id = $1${only} ORDER BY name`,
    params,
  );
  if (factories.length === 0) return [];
  const onlyChild = factoryId === undefined ? '' : ' AND factory_id = $2';
  const units = await db.query<ProductionUnitSummary & { factory_id: string }>(
    `SELECT factory_id, id, name, converted_unit_name, packages FROM production_units
      WHERE account_id = $1${onlyChild} ORDER BY sort_order, name`,
    params,
  );
  const objectives = await db.query<Objective & { factory_id: string }>(
    `SELECT factory_id, objective_type, value FROM factory_objectives WHERE account_id = $1${onlyChild}`,
    params,
  );
  return factories.map((row) => {
    const own = objectives
      .filter((o) => o.factory_id === row.id)
      .map(({ objective_type, value }) => ({ objective_type, value }))
      .sort((a, b) => OBJECTIVE_ORDER.indexOf(a.objective_type) - OBJECTIVE_ORDER.indexOf(b.objective_type));
    return {
      ...row,
      primary_language: row.primary_language as Language,
      year_first_month: row.year_first_month as Month,
      week_first_day: row.week_first_day as WeekDay,
      production_units: units
        .filter((u) => u.factory_id === row.id)
        .map(({ id, name, converted_unit_name, packages }) => ({ id, name, converted_unit_name, packages })),
      objectives: own,
      oee_target: oeeTarget(own),
    };
  });
}

export async function findFactory(db: Queryable, accountId: string, factoryId: string): Promise<Factory | null> {
  const [factory] = await listFactories(db, accountId, factoryId);
  return factory ?? null;
}

/** True when the factory exists in this account (ids of other accounts look exactly like unknown ids). */
export async function factoryExists(db: Queryable, accountId: string, factoryId: string): Promise<boolean> {
  const row = await queryOne(db, 'SELECT 1 AS one FROM factories WHERE account_id = $1 AND id = $2', [accountId, factoryId]);
  return row !== null;
}

/** Another factory of the account already carries this name (case-insensitive). */
export async function factoryNameTaken(db: Queryable, accountId: string, name: string, exceptId: string): Promise<boolean> {
  const row = await queryOne(
    db,
    'SELECT 1 AS one FROM factories WHERE account_id = $1 AND lower(name) = lower($2) AND id <> $3',
    [accountId, name, exceptId],
  );
  return row !== null;
}

/** The settings every bucket follows (docs/domain.md §1); changing one re-derives the factory's history. */
const TIME_SETTINGS = ['timezone', 'production_day_minutes_from_midnight', 'week_first_day', 'year_first_month', 'is_calendar_day_business_day'] as const;

/**
 * Writes validated settings (an omitted primary language keeps the stored one); null when the factory
 * is not in the account, else how many units had their history marked for re-derivation. When a time setting
 * changes, every unit's whole history is marked for re-derivation and the configuration version moves
 * (ingestion caches the time zone).
 */
export async function updateFactorySettings(
  db: Queryable,
  accountId: string,
  factoryId: string,
  settings: FactorySettings,
): Promise<{ dirtyUnits: number } | null> {
  const previous = await queryOne<Pick<FactoryRow, (typeof TIME_SETTINGS)[number]>>(
    db,
    `SELECT ${TIME_SETTINGS.join(', ')} FROM factories WHERE account_id = $1 AND id = $2 FOR UPDATE`,
    [accountId, factoryId],
  );
  if (!previous) return null;
  const timeChanged = TIME_SETTINGS.some((key) => previous[key] !== settings[key]);
  const updated = await db.query(
    `UPDATE factories SET name = $3, timezone = $4, year_first_month = $5, week_first_day = $6, currency = $7,
            production_day_minutes_from_midnight = $8, is_calendar_day_business_day = $9, updated_at = now(),
            config_version = config_version + CASE WHEN $10::boolean THEN 1 ELSE 0 END,
            primary_language = COALESCE($11::text, primary_language)
      WHERE account_id = $1 AND id = $2 RETURNING id`,
    [
      accountId,
      factoryId,
      settings.name,
      settings.timezone,
      settings.year_first_month,
      settings.week_first_day,
      settings.currency,
      settings.production_day_minutes_from_midnight,
      settings.is_calendar_day_business_day,
      timeChanged,
      settings.primary_language ?? null,
    ],
  );
  if (updated.length === 0) return null;
  const dirtyUnits = timeChanged ? await markHistoryDirty(db, accountId, factoryId) : 0;
  for (const objective of settings.objectives) {
    await db.query(
      `INSERT INTO factory_objectives (account_id, factory_id, objective_type, value) VALUES ($1, $2, $3, $4)
       ON CONFLICT (account_id, factory_id, objective_type) DO UPDATE SET value = EXCLUDED.value`,
      [accountId, factoryId, objective.objective_type, objective.value],
    );
  }
  return { dirtyUnits };
}

interface ShiftRow {
  factory_id: string;
  production_unit_id: string;
  work_shift_id: string | null;
  name: string | null;
}

function groupShifts(rows: ShiftRow[]): UserUnitWorkShifts[] {
  const byUnit = new Map<string, UserUnitWorkShifts>();
  for (const row of rows) {
    let entry = byUnit.get(row.production_unit_id);
    if (!entry) {
      entry = { factory_id: row.factory_id, production_unit_id: row.production_unit_id, work_shift: [] };
      byUnit.set(row.production_unit_id, entry);
    }
    if (row.work_shift_id !== null && row.name !== null) entry.work_shift.push({ id: row.work_shift_id, name: row.name });
  }
  return [...byUnit.values()];
}

const SHIFTS_SQL = `
  SELECT pu.factory_id, pu.id AS production_unit_id, ws.id AS work_shift_id, ws.name
    FROM production_units pu
    JOIN factories f ON f.account_id = pu.account_id AND f.id = pu.factory_id
    LEFT JOIN work_shift_units wsu ON wsu.account_id = pu.account_id AND wsu.production_unit_id = pu.id
    LEFT JOIN work_shifts ws ON ws.account_id = wsu.account_id AND ws.id = wsu.work_shift_id
   WHERE pu.account_id = $1`;
const SHIFTS_ORDER = ' ORDER BY f.name, pu.sort_order, pu.name, ws.sort_order, ws.start_local';

/** Each production unit of the factory with its work shifts, id and name (units without shifts too). */
export async function factoryUnitWorkShifts(db: Queryable, accountId: string, factoryId: string): Promise<UnitWorkShifts[]> {
  const rows = await db.query<ShiftRow>(`${SHIFTS_SQL} AND pu.factory_id = $2${SHIFTS_ORDER}`, [accountId, factoryId]);
  return groupShifts(rows).map(({ production_unit_id, work_shift }) => ({ production_unit_id, work_shift }));
}

/** The same for every factory of the account. */
export async function accountUnitWorkShifts(db: Queryable, accountId: string): Promise<UserUnitWorkShifts[]> {
  return groupShifts(await db.query<ShiftRow>(`${SHIFTS_SQL}${SHIFTS_ORDER}`, [accountId]));
}

export async function factoryProducts(db: Queryable, accountId: string, factoryId: string): Promise<FactoryProduct[]> {
  return db.query<FactoryProduct>(
    'SELECT id, sku, name FROM products WHERE account_id = $1 AND factory_id = $2 ORDER BY sku',
    [accountId, factoryId],
  );
}

export interface NewFactory extends Omit<FactorySettings, 'objectives'> {
  primary_language: Language;
  alert_capability: boolean;
  forms_workspace_id: string | null;
  /** Empty: no objectives yet (no OEE target until they are set). */
  objectives: Objective[];
}

/** Inserts a factory with its objectives; returns its id. The caller's transaction decides. */
export async function createFactory(db: Queryable, accountId: string, factory: NewFactory): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO factories (account_id, name, timezone, primary_language, year_first_month, week_first_day, currency,
            production_day_minutes_from_midnight, is_calendar_day_business_day, alert_capability, forms_workspace_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      accountId,
      factory.name,
      factory.timezone,
      factory.primary_language,
      factory.year_first_month,
      factory.week_first_day,
      factory.currency,
      factory.production_day_minutes_from_midnight,
      factory.is_calendar_day_business_day,
      factory.alert_capability,
      factory.forms_workspace_id,
    ],
  );
  const id = row!.id;
  for (const objective of factory.objectives) {
    await db.query('INSERT INTO factory_objectives (account_id, factory_id, objective_type, value) VALUES ($1, $2, $3, $4)', [
      accountId,
      id,
      objective.objective_type,
      objective.value,
    ]);
  }
  return id;
}
