import type { ReactElement } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, tokens } from '@fluentui/react-components';
import { EmptyState, FactoryPageFrame, type Factory, type ObjectiveType } from '@linepulse/shared';
import { formatPercent } from '../format';

const OBJECTIVES: ObjectiveType[] = ['availability', 'performance', 'quality'];

const useStyles = makeStyles({
  tiles: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, listStyleType: 'none', padding: 0 },
  tile: {
    minWidth: '160px',
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  figure: { fontSize: tokens.fontSizeHero700, fontWeight: tokens.fontWeightSemibold, display: 'block' },
});

/** /:factoryId/dashboard: the factory's objectives and lines; KPI tiles and trends come with the analytics. */
export function FactoryDashboardPage(): ReactElement {
  const intl = useIntl();
  return (
    <FactoryPageFrame title={intl.formatMessage({ id: 'overview.dashboard.title' })}>
      {(factory) => <FactoryObjectivesAndLines factory={factory} />}
    </FactoryPageFrame>
  );
}

function FactoryObjectivesAndLines({ factory }: { factory: Factory }): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const tiles = [
    ...OBJECTIVES.map((type) => ({
      id: type,
      label: intl.formatMessage({ id: `overview.objective.${type}` }),
      value: factory.objectives.find((o) => o.objective_type === type)?.value ?? null,
    })),
    { id: 'oee', label: intl.formatMessage({ id: 'overview.factory.oeeTarget' }), value: factory.oee_target },
  ];
  return (
    <>
      <section aria-labelledby="objectives-heading">
        <h2 id="objectives-heading">
          <FormattedMessage id="overview.dashboard.objectives" />
        </h2>
        <ul className={styles.tiles}>
          {tiles.map((tile) => (
            <li key={tile.id} className={styles.tile}>
              <span>{tile.label}</span>
              <span className={styles.figure}>{formatPercent(intl, tile.value)}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="lines-heading">
        <h2 id="lines-heading">
          <FormattedMessage id="overview.dashboard.lines" />
        </h2>
        {factory.production_units.length === 0 ? (
          <EmptyState title={intl.formatMessage({ id: 'overview.dashboard.noLines' })} />
        ) : (
          <Table aria-labelledby="lines-heading">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>
                  <FormattedMessage id="overview.dashboard.line" />
                </TableHeaderCell>
                <TableHeaderCell>
                  <FormattedMessage id="overview.dashboard.convertedUnit" />
                </TableHeaderCell>
                <TableHeaderCell>
                  <FormattedMessage id="overview.dashboard.packages" />
                </TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {factory.production_units.map((unit) => (
                <TableRow key={unit.id}>
                  <TableCell>{unit.name}</TableCell>
                  <TableCell>{unit.converted_unit_name ?? '—'}</TableCell>
                  <TableCell>{unit.packages ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>
    </>
  );
}
