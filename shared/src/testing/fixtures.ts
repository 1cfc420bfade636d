import type { Alert, Factory, UserClaims } from '@linepulse/contracts';

const base: UserClaims = {
  user_id: 'u-admin',
  role: 'director',
  email: 'admin@demo.linepulse.test',
  display_name: 'Alice Martin',
  is_admin: true,
  is_financial_admin: true,
  is_tilelytics: true,
  is_wx_user: false,
  insights_enabled: true,
  account_id: 'acc-demo',
};

/** One user per kind the shell treats differently (product §6). */
export const TEST_USERS = {
  admin: base,
  operation: {
    ...base,
    user_id: 'u-operation',
    role: 'supervisor',
    email: 'operation@demo.linepulse.test',
    display_name: 'Olivier Tremblay',
    is_admin: false,
    is_financial_admin: false,
  },
  presenter: {
    ...base,
    user_id: 'u-display',
    role: 'presenter',
    email: 'display@demo.linepulse.test',
    display_name: 'Display',
    is_admin: false,
    is_financial_admin: false,
  },
  noInsights: { ...base, user_id: 'u-noinsights', is_admin: false, insights_enabled: false, is_wx_user: false },
  wxUser: { ...base, user_id: 'u-wx', is_admin: false, insights_enabled: false, is_wx_user: true },
  notEnabled: {
    ...base,
    user_id: 'u-noaccess',
    role: 'supervisor',
    email: 'noaccess@demo.linepulse.test',
    display_name: 'Nora Access',
    is_admin: false,
    is_tilelytics: false,
    insights_enabled: false,
  },
} satisfies Record<string, UserClaims>;

export function testFactory(overrides: Partial<Factory> = {}): Factory {
  return {
    id: 'f-lyon',
    name: 'Lyon',
    timezone: 'Europe/Paris',
    primary_language: 'fr',
    year_first_month: 'january',
    week_first_day: 'monday',
    currency: 'EUR',
    production_day_minutes_from_midnight: 360,
    is_calendar_day_business_day: true,
    production_units: [
      { id: 'pu-1', name: 'Line 1', converted_unit_name: null, packages: null },
      { id: 'pu-2', name: 'Line 2', converted_unit_name: 'boxes', packages: 12 },
    ],
    objectives: [
      { objective_type: 'availability', value: 90 },
      { objective_type: 'performance', value: 95 },
      { objective_type: 'quality', value: 99 },
    ],
    oee_target: 84.65,
    alert_capability: false,
    forms_workspace_id: null,
    ...overrides,
  };
}

/**
 * An alert of the default test factory (`testFactory()`: Lyon, Paris time) on its Line 1: open since
 * 9:42 UTC on 26 Nov 2026, not acknowledged ("Line stopped 20 min", the line down for 20 minutes).
 */
export function testAlert(overrides: Partial<Alert> = {}): Alert {
  const factory = testFactory();
  return {
    id: 'a0000000-0000-4000-8000-000000000001',
    rule_id: 'r0000000-0000-4000-8000-000000000001',
    rule_name: 'Line stopped 20 min',
    kind: 'line_down',
    minutes: 20,
    factory_id: factory.id,
    factory_name: factory.name,
    production_unit_id: 'pu-1',
    production_unit_name: 'Line 1',
    since: '2026-11-26T09:42:00Z',
    metric: null,
    projected: null,
    objective: null,
    opened_at: '2026-11-26T10:02:00Z',
    resolved_at: null,
    acknowledged_at: null,
    acknowledged_by: null,
    ...overrides,
  };
}
