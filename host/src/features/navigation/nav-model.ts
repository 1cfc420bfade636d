import { type MessageKey } from '@linepulse/shared';
import { routePath, type Account, type Factory, type UserClaims } from '@linepulse/contracts';

export interface NavLinkItem {
  id: string;
  labelId: MessageKey;
  to: string;
  /** Why the page has nothing to offer this account, written under the entry (data export outside the integrated ecosystem). */
  noteId?: MessageKey;
}

export interface NavGroup {
  id: string;
  /** A message id, or a factory's name. */
  label: { id: MessageKey; values?: Record<string, string> };
  /** The group's visible heading when it differs from its accessible label (a factory's name). */
  heading?: string;
  links: NavLinkItem[];
}

export interface NavModel {
  links: NavLinkItem[];
  groups: NavGroup[];
}

/**
 * Side navigation of product §2 for a user; empty for a user not enabled for the product. An account
 * outside the integrated ecosystem keeps the export entries, each saying that data export is not for it
 * (product §1, §8), as the page does.
 */
export function buildNavigation(user: UserClaims | null, factories: readonly Factory[], account: Pick<Account, 'integrated_ecosystem'> | null = null): NavModel {
  if (!user?.is_tilelytics) return { links: [], groups: [] };
  const links: NavLinkItem[] = [
    { id: 'companyOverview', labelId: 'nav.companyOverview', to: routePath('companyOverview') },
    // The account's alerts, every factory (decision 51); the display role reads them without acknowledging.
    { id: 'alerts', labelId: 'nav.alerts', to: routePath('alerts') },
  ];
  const groups: NavGroup[] = [];
  if (user.insights_enabled || user.is_wx_user) {
    groups.push({
      id: 'opportunities',
      label: { id: 'nav.opportunities' },
      links: [
        { id: 'shiftChanges', labelId: 'nav.shiftChanges', to: routePath('shiftChanges') },
        { id: 'lineStarts', labelId: 'nav.lineStarts', to: routePath('lineStarts') },
        { id: 'productChanges', labelId: 'nav.productChanges', to: routePath('productChanges') },
        { id: 'plannedDowntimesWithTarget', labelId: 'nav.plannedDowntimesWithTarget', to: routePath('plannedDowntimesWithTarget') },
      ],
    });
  }
  for (const factory of factories) {
    const params = { factoryId: factory.id };
    groups.push({
      id: `factory:${factory.id}`,
      label: { id: 'nav.factoryGroup', values: { name: factory.name } },
      heading: factory.name,
      links: [
        { id: `dashboard:${factory.id}`, labelId: 'nav.dashboard', to: routePath('factoryDashboard', params) },
        { id: `availability:${factory.id}`, labelId: 'nav.availabilityDowntime', to: routePath('availabilityDowntime', params) },
        // Every enabled user; the display role gets a read-only page that says why (decision 50).
        { id: `justification:${factory.id}`, labelId: 'nav.justification', to: routePath('justification', params) },
        {
          id: `export:${factory.id}`,
          labelId: 'nav.productionDataExport',
          to: routePath('productionDataExport', params),
          ...(account && !account.integrated_ecosystem ? { noteId: 'error.EXP_INTEGRATED_ONLY' as MessageKey } : {}),
        },
        { id: `reports:${factory.id}`, labelId: 'nav.myReports', to: routePath('myReports', params) },
      ],
    });
  }
  if (user.is_admin) {
    groups.push({
      id: 'admin',
      label: { id: 'nav.admin' },
      links: [
        { id: 'factories', labelId: 'nav.factories', to: routePath('factories') },
        { id: 'customPeriods', labelId: 'nav.customPeriods', to: routePath('customPeriods') },
      ],
    });
  }
  return { links, groups };
}
