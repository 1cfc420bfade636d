/** Wire shapes of product §3, snake_case as the api sends them. */
import type { Language, Month, Role, ThemeName, TimeOption, WeekDay } from './constants';

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

export interface TilelyticsPreferences {
  selected_time_option: TimeOption;
  /** yyyy-LL-dd, only meaningful for time_range. */
  selected_start_date: string | null;
  selected_end_date: string | null;
  selected_tilelytics_filter_id: string | null;
}

export interface Preferences {
  language: Language;
  theme: ThemeName;
  tilelytics: TilelyticsPreferences;
}

export type ObjectiveType = 'availability' | 'performance' | 'quality';

export interface Objective {
  objective_type: ObjectiveType;
  /** Whole percent, 1 to 100. */
  value: number;
}

export interface ProductionUnitSummary {
  id: string;
  name: string;
  converted_unit_name: string | null;
  packages: number | null;
}

export interface Factory {
  id: string;
  name: string;
  timezone: string;
  primary_language: Language;
  year_first_month: Month;
  week_first_day: WeekDay;
  currency: string;
  production_day_minutes_from_midnight: number;
  is_calendar_day_business_day: boolean;
  production_units: ProductionUnitSummary[];
  objectives: Objective[];
  /** availability × performance × quality objectives, in percent, two decimals. */
  oee_target: number | null;
  alert_capability: boolean;
  forms_workspace_id: string | null;
}

/** Body of PUT factories/{id}: the settings the factory wizard edits. */
export interface FactorySettings {
  name: string;
  timezone: string;
  year_first_month: Month;
  week_first_day: WeekDay;
  currency: string;
  production_day_minutes_from_midnight: number;
  is_calendar_day_business_day: boolean;
  objectives: Objective[];
}

export interface UnitWorkShifts {
  production_unit_id: string;
  work_shift: { name: string }[];
}

export interface UserUnitWorkShifts extends UnitWorkShifts {
  factory_id: string;
}

export interface FactoryProduct {
  sku: string;
  name: string;
}

export interface Account {
  id: string;
  name: string;
  insights_enabled: boolean;
  is_tilelytics: boolean;
  domain_name: string;
}

export interface CustomPeriod {
  id: string;
  name: string;
  /** yyyy-LL-dd, end inclusive. */
  start_date: string;
  end_date: string;
  days: number;
}
