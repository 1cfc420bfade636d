/**
 * Wire shapes of product §3, snake_case as the api sends them. Each type comes from its schema in
 * schemas/entities.ts (what the api validates and serialises with).
 */
import type { Static } from 'typebox';
import type { Role } from './constants';
import type {
  AccountSchema,
  CustomPeriodSchema,
  FactoryProductSchema,
  FactorySchema,
  FactorySettingsSchema,
  ObjectiveSchema,
  PreferencesSchema,
  UnitWorkShiftsSchema,
  UserUnitWorkShiftsSchema,
} from './schemas/entities';

/** The user, read from the verified token's claims (product §3). */
export interface UserClaims {
  user_id: string;
  role: Role;
  email: string;
  display_name: string;
  is_admin: boolean;
  is_financial_admin: boolean;
  is_tilelytics: boolean;
  is_wx_user: boolean;
  insights_enabled: boolean;
  account_id: string;
}

export type Preferences = Static<typeof PreferencesSchema>;
export type TilelyticsPreferences = Preferences['tilelytics'];
export type Objective = Static<typeof ObjectiveSchema>;
export type ObjectiveType = Objective['objective_type'];
export type Factory = Static<typeof FactorySchema>;
export type ProductionUnitSummary = Factory['production_units'][number];
/** Body of PUT factories/{id}: the settings the factory wizard edits. */
export type FactorySettings = Static<typeof FactorySettingsSchema>;
export type UnitWorkShifts = Static<typeof UnitWorkShiftsSchema>;
export type UserUnitWorkShifts = Static<typeof UserUnitWorkShiftsSchema>;
export type FactoryProduct = Static<typeof FactoryProductSchema>;
export type Account = Static<typeof AccountSchema>;
export type CustomPeriod = Static<typeof CustomPeriodSchema>;
