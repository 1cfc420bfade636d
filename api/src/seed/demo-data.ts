import type { Language, Role, WeekDay } from '@linepulse/contracts';

/** Password of every demo user (embedded provider only). */
export const DEMO_PASSWORD = 'linepulse';

export interface SeedUnit {
  key: string;
  name: string;
  converted_unit_name: string | null;
  packages: number | null;
  cost_per_hour: number | null;
  downtime_delay_seconds: number | null;
}

export interface SeedShift {
  key: string;
  name: string;
  start_local: string;
  end_local: string;
  days: WeekDay[];
  /** Unit keys; undefined = every unit of the factory. */
  units?: string[];
}

export interface SeedProduct {
  sku: string;
  name: string;
  /** Ideal units per hour, per unit key. */
  rates: Record<string, number>;
}

export interface SeedReason {
  key: string;
  name: string;
  category: string;
  is_planned: boolean;
  target_seconds: number | null;
}

export interface SeedFactory {
  key: string;
  name: string;
  timezone: string;
  primary_language: Language;
  currency: string;
  production_day_minutes_from_midnight: number;
  objectives: { availability: number; performance: number; quality: number };
  units: SeedUnit[];
  shifts: SeedShift[];
  products: SeedProduct[];
  reasons: SeedReason[];
}

export interface SeedUser {
  email: string;
  display_name: string;
  role: Role;
  is_admin: boolean;
  is_financial_admin: boolean;
  is_tilelytics: boolean;
  is_wx_user: boolean;
}

export interface SeedAccount {
  key: string;
  name: string;
  domain_name: string;
  insights_enabled: boolean;
  is_tilelytics: boolean;
  /** Data export (production-data-export) is only for accounts of the integrated ecosystem. */
  integrated_ecosystem: boolean;
  factories: SeedFactory[];
  users: SeedUser[];
  /** Custom periods relative to the seed date, so "current" and "last" custom periods always exist. */
  customPeriods: ('current-month' | 'previous-month' | 'earlier-quarter')[];
}

const WEEKDAYS: WeekDay[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
const SUN_TO_THU: WeekDay[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday'];
const ALL_DAYS: WeekDay[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

const unit = (
  key: string,
  name: string,
  converted_unit_name: string | null,
  packages: number | null,
  cost_per_hour: number | null,
  // null: states come from explicit state events; set: from count gaps longer than the delay.
  downtime_delay_seconds: number | null = null,
): SeedUnit => ({ key, name, converted_unit_name, packages, cost_per_hour, downtime_delay_seconds });

const reason = (key: string, name: string, category: string, is_planned: boolean, target_seconds: number | null = null): SeedReason => ({
  key,
  name,
  category,
  is_planned,
  target_seconds,
});

const montreal: SeedFactory = {
  key: 'montreal',
  name: 'Montréal',
  timezone: 'America/Toronto',
  primary_language: 'fr',
  currency: 'CAD',
  production_day_minutes_from_midnight: 360,
  objectives: { availability: 90, performance: 95, quality: 99 },
  units: [
    unit('MTL-EMB1', 'Embouteillage 1', 'caisses', 24, 850),
    unit('MTL-EMB2', 'Embouteillage 2', 'caisses', 24, 820),
    unit('MTL-CAN1', 'Canettes 1', 'plateaux', 24, 640),
    unit('MTL-ETQ', 'Étiquetage', 'bouteilles', null, 310),
    unit('MTL-PAL', 'Palettisation', 'palettes', 80, 270, 900),
  ],
  shifts: [
    { key: 'jour', name: 'Jour', start_local: '06:00', end_local: '14:00', days: WEEKDAYS },
    { key: 'soir', name: 'Soir', start_local: '14:00', end_local: '22:00', days: WEEKDAYS },
    { key: 'nuit', name: 'Nuit', start_local: '22:00', end_local: '06:00', days: SUN_TO_THU, units: ['MTL-EMB1', 'MTL-EMB2'] },
  ],
  products: [
    { sku: 'MTL-EAU-500', name: 'Eau de source 500 mL', rates: { 'MTL-EMB1': 24000, 'MTL-EMB2': 22000, 'MTL-ETQ': 26000, 'MTL-PAL': 24000 } },
    { sku: 'MTL-EAU-1500', name: 'Eau de source 1,5 L', rates: { 'MTL-EMB1': 12000, 'MTL-EMB2': 11000, 'MTL-ETQ': 14000, 'MTL-PAL': 12000 } },
    { sku: 'MTL-JUS-POM-1L', name: 'Jus de pomme 1 L', rates: { 'MTL-EMB2': 9000, 'MTL-ETQ': 12000, 'MTL-PAL': 9000 } },
    { sku: 'MTL-PET-355', name: 'Eau pétillante 355 mL', rates: { 'MTL-CAN1': 30000, 'MTL-PAL': 30000 } },
  ],
  reasons: [
    reason('repas', 'Pause repas', 'Pauses', true, 1800),
    reason('format', 'Changement de format', 'Changements', true, 2700),
    reason('cip', 'Nettoyage CIP', 'Sanitation', true, 3600),
    reason('bris', 'Bris mécanique', 'Mécanique', false),
    reason('bourrage', 'Bourrage étiqueteuse', 'Mécanique', false),
    reason('bouteilles', 'Manque de bouteilles', 'Approvisionnement', false),
    reason('qualite', 'Attente qualité', 'Qualité', false),
  ],
};

const lyon: SeedFactory = {
  key: 'lyon',
  name: 'Lyon',
  timezone: 'Europe/Paris',
  primary_language: 'fr',
  currency: 'EUR',
  production_day_minutes_from_midnight: 300,
  objectives: { availability: 85, performance: 92, quality: 98 },
  units: [
    unit('LYO-YAO1', 'Yaourts 1', 'packs', 12, 540),
    unit('LYO-YAO2', 'Yaourts 2', 'packs', 12, 540),
    unit('LYO-DES', 'Desserts lactés', 'barquettes', 8, 480),
    unit('LYO-FRA', 'Fromage frais', 'cartons', 6, 390, 600),
  ],
  shifts: [
    { key: 'matin', name: 'Matin', start_local: '05:00', end_local: '13:00', days: WEEKDAYS },
    { key: 'apres-midi', name: 'Après-midi', start_local: '13:00', end_local: '21:00', days: WEEKDAYS },
    { key: 'nuit', name: 'Nuit', start_local: '21:00', end_local: '05:00', days: SUN_TO_THU, units: ['LYO-YAO1', 'LYO-YAO2'] },
  ],
  products: [
    { sku: 'LYO-YAO-NAT-4', name: 'Yaourt nature 4 × 125 g', rates: { 'LYO-YAO1': 18000, 'LYO-YAO2': 18000 } },
    { sku: 'LYO-YAO-FRA-4', name: 'Yaourt fraise 4 × 125 g', rates: { 'LYO-YAO1': 16000, 'LYO-YAO2': 16000 } },
    { sku: 'LYO-CRE-CHO', name: 'Crème dessert chocolat', rates: { 'LYO-DES': 12000 } },
    { sku: 'LYO-FRA-500', name: 'Fromage frais 500 g', rates: { 'LYO-FRA': 4000 } },
  ],
  reasons: [
    reason('pause', 'Pause', 'Pauses', true, 1200),
    reason('nettoyage', 'Nettoyage', 'Hygiène', true, 2400),
    reason('changement', 'Changement de parfum', 'Changements', true, 1800),
    reason('panne', 'Panne doseuse', 'Mécanique', false),
    reason('opercule', 'Rupture opercule', 'Approvisionnement', false),
    reason('electrique', 'Défaut électrique', 'Électrique', false),
  ],
};

const monterrey: SeedFactory = {
  key: 'monterrey',
  name: 'Monterrey',
  timezone: 'America/Monterrey',
  primary_language: 'es',
  currency: 'MXN',
  production_day_minutes_from_midnight: 420,
  objectives: { availability: 88, performance: 93, quality: 97 },
  units: [
    unit('MTY-EXT1', 'Extrusión 1', 'rollos', 1, 12500),
    unit('MTY-EXT2', 'Extrusión 2', 'rollos', 1, 12500),
    unit('MTY-TER', 'Termoformado', 'charolas', 50, 9800),
    unit('MTY-IMP', 'Impresión', 'hojas', 500, 7600),
    unit('MTY-EMP', 'Empaque', 'cajas', 40, 4300, 600),
    unit('MTY-ENS', 'Ensamble', 'kits', 10, 5100),
  ],
  shifts: [
    { key: 'primero', name: 'Primer turno', start_local: '07:00', end_local: '15:00', days: ALL_DAYS },
    { key: 'segundo', name: 'Segundo turno', start_local: '15:00', end_local: '23:00', days: ALL_DAYS },
    {
      key: 'tercero',
      name: 'Tercer turno',
      start_local: '23:00',
      end_local: '07:00',
      days: ALL_DAYS,
      units: ['MTY-EXT1', 'MTY-EXT2', 'MTY-TER'],
    },
  ],
  products: [
    { sku: 'MTY-PEL-20', name: 'Película 20 micras', rates: { 'MTY-EXT1': 40, 'MTY-EXT2': 40 } },
    { sku: 'MTY-PEL-35', name: 'Película 35 micras', rates: { 'MTY-EXT1': 28, 'MTY-EXT2': 28 } },
    { sku: 'MTY-CHA-500', name: 'Charola 500 g', rates: { 'MTY-TER': 6000, 'MTY-EMP': 6000 } },
    { sku: 'MTY-ETQ-A4', name: 'Etiqueta impresa A4', rates: { 'MTY-IMP': 9000 } },
    { sku: 'MTY-KIT-01', name: 'Kit de empaque', rates: { 'MTY-ENS': 600, 'MTY-EMP': 900 } },
  ],
  reasons: [
    reason('comida', 'Comida', 'Descansos', true, 1800),
    reason('cambio', 'Cambio de molde', 'Cambios', true, 3600),
    reason('mantenimiento', 'Mantenimiento preventivo', 'Mantenimiento', true, 7200),
    reason('falla', 'Falla mecánica', 'Mecánica', false),
    reason('material', 'Falta de material', 'Abastecimiento', false),
    reason('calidad', 'Ajuste de calidad', 'Calidad', false),
  ],
};

const hamilton: SeedFactory = {
  key: 'hamilton',
  name: 'Hamilton',
  timezone: 'America/Toronto',
  primary_language: 'en',
  currency: 'CAD',
  production_day_minutes_from_midnight: 0,
  objectives: { availability: 90, performance: 95, quality: 99 },
  units: [
    unit('HAM-PRS-A', 'Press Line A', 'parts', null, 1500),
    unit('HAM-PRS-B', 'Press Line B', 'parts', null, 1450),
    unit('HAM-WLD', 'Welding Cell', 'assemblies', 4, 980),
    unit('HAM-PNT', 'Paint Line', 'racks', 20, 2100),
  ],
  shifts: [
    { key: 'day', name: 'Day', start_local: '06:00', end_local: '14:00', days: WEEKDAYS },
    { key: 'evening', name: 'Evening', start_local: '14:00', end_local: '22:00', days: WEEKDAYS },
    { key: 'night', name: 'Night', start_local: '22:00', end_local: '06:00', days: SUN_TO_THU, units: ['HAM-PRS-A', 'HAM-PRS-B'] },
  ],
  products: [
    { sku: 'HAM-BRK-100', name: 'Bracket 100 mm', rates: { 'HAM-PRS-A': 1800, 'HAM-PRS-B': 1800, 'HAM-PNT': 2000 } },
    { sku: 'HAM-FRM-220', name: 'Frame 220', rates: { 'HAM-WLD': 120, 'HAM-PNT': 300 } },
  ],
  reasons: [
    reason('break', 'Break', 'Breaks', true, 900),
    reason('die-change', 'Die change', 'Changeovers', true, 2400),
    reason('jam', 'Material jam', 'Mechanical', false),
    reason('no-operator', 'No operator', 'Staffing', false),
  ],
};

export const DEMO_ACCOUNTS: SeedAccount[] = [
  {
    key: 'demo',
    name: 'Demo Co.',
    domain_name: 'demo.linepulse.test',
    insights_enabled: true,
    is_tilelytics: true,
    integrated_ecosystem: true,
    factories: [montreal, lyon, monterrey],
    users: [
      { email: 'admin@demo.linepulse.test', display_name: 'Alice Martin', role: 'director', is_admin: true, is_financial_admin: true, is_tilelytics: true, is_wx_user: false },
      { email: 'operation@demo.linepulse.test', display_name: 'Olivier Tremblay', role: 'supervisor', is_admin: false, is_financial_admin: false, is_tilelytics: true, is_wx_user: false },
      { email: 'display@demo.linepulse.test', display_name: 'Shop Floor Display', role: 'presenter', is_admin: false, is_financial_admin: false, is_tilelytics: true, is_wx_user: false },
      { email: 'noaccess@demo.linepulse.test', display_name: 'Nora Access', role: 'supervisor', is_admin: false, is_financial_admin: false, is_tilelytics: false, is_wx_user: false },
    ],
    customPeriods: ['current-month', 'previous-month', 'earlier-quarter'],
  },
  {
    key: 'other',
    name: 'Other Co.',
    domain_name: 'other.linepulse.test',
    insights_enabled: false,
    is_tilelytics: true,
    integrated_ecosystem: false,
    factories: [hamilton],
    users: [
      { email: 'admin@other.linepulse.test', display_name: 'Oscar Other', role: 'director', is_admin: true, is_financial_admin: false, is_tilelytics: true, is_wx_user: false },
    ],
    customPeriods: ['previous-month'],
  },
];
