import type { IntlShape } from 'react-intl';
import { NOT_AVAILABLE, formatNumber, type DataColumn } from '@linepulse/shared';
import { packagesOf, packagesTotal, productionTotal, type PackagesTotal, type ProductionLine, type ProductionTotal } from '../model/production-total';
import { NotSummable } from './not-summable';

/** A total row's production: added up where the lines share their unit, otherwise why not. */
export interface ProductionTotals {
  production: ProductionTotal;
  packages: PackagesTotal;
}

export function productionTotals(lines: readonly ProductionLine[]): ProductionTotals {
  return { production: productionTotal(lines), packages: packagesTotal(lines) };
}

/** What a production cell shows: one line's production, or a total row's. */
export interface ProductionCell {
  line: ProductionLine;
  /** Set on a total row: its figures come from here, never from adding up units blindly. */
  totals?: ProductionTotals;
}

/** Why a total row has no production figure, in the user's language. */
function notSummableReason(intl: IntlShape, reason: 'units' | 'packageSizes' | 'noPackageSize', totals: ProductionTotals): string {
  if (reason !== 'units') return intl.formatMessage({ id: `overview.total.notSummable.${reason}` });
  const names = totals.production.summable ? [] : totals.production.unitNames;
  const units = intl.formatList(
    names.map((name) => name ?? intl.formatMessage({ id: 'overview.total.unnamedUnit' })),
    { type: 'conjunction' },
  );
  return intl.formatMessage({ id: 'overview.total.notSummable.units' }, { units });
}

/**
 * The production columns of a table of lines (good units in the line's unit, and whole packages), the
 * same for every table with a total row: a total shows N/D with its reason where units differ.
 */
export function productionColumns<T>(intl: IntlShape, cellOf: (row: T) => ProductionCell): DataColumn<T>[] {
  const locale = intl.locale;
  const goodText = (row: T): string => {
    const { line, totals } = cellOf(row);
    if (!totals) return `${formatNumber(locale, line.good)}${line.unit?.converted_unit_name ? ` ${line.unit.converted_unit_name}` : ''}`;
    const total = totals.production;
    return total.summable ? `${formatNumber(locale, total.good)}${total.unitName ? ` ${total.unitName}` : ''}` : NOT_AVAILABLE;
  };
  const packagesText = (row: T): string => {
    const { line, totals } = cellOf(row);
    if (!totals) return line.unit ? formatNumber(locale, packagesOf(line)) : '';
    return totals.packages.summable ? formatNumber(locale, totals.packages.packages) : NOT_AVAILABLE;
  };
  return [
    {
      id: 'production',
      header: intl.formatMessage({ id: 'overview.dashboard.production' }),
      text: goodText,
      render: (row) => {
        const { totals } = cellOf(row);
        if (!totals || totals.production.summable) return goodText(row);
        return <NotSummable reason={notSummableReason(intl, totals.production.reason, totals)} />;
      },
      value: (row) => {
        const { line, totals } = cellOf(row);
        if (!totals) return line.good;
        return totals.production.summable ? totals.production.good : null;
      },
      numeric: true,
    },
    {
      id: 'packages',
      header: intl.formatMessage({ id: 'overview.dashboard.productionPackages' }),
      text: packagesText,
      render: (row) => {
        const { totals } = cellOf(row);
        if (!totals || totals.packages.summable) return packagesText(row);
        return <NotSummable reason={notSummableReason(intl, totals.packages.reason, totals)} />;
      },
      value: (row) => {
        const { line, totals } = cellOf(row);
        if (!totals) return packagesOf(line);
        return totals.packages.summable ? totals.packages.packages : null;
      },
      numeric: true,
    },
  ];
}
