import {
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import type { ReactElement, ReactNode } from 'react';
import { downloadBlob, toCsv, toXlsx, type SheetCell } from './export-file';
import { ExportMenu } from './export-menu';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  caption: { flexGrow: 1, fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400 },
  scroll: { overflowX: 'auto' },
  // Columns sized by their content (Fluent's default is equal fixed widths, where long headers such
  // as "Unplanned downtime" ran into their neighbours); a wide table scrolls sideways instead.
  table: { tableLayout: 'auto' },
  numeric: { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  header: { whiteSpace: 'normal', verticalAlign: 'bottom', overflowWrap: 'normal' },
  numericHeader: { textAlign: 'right', '& > *': { justifyContent: 'flex-end', textAlign: 'right' } },
  footer: { fontWeight: tokens.fontWeightSemibold },
  large: { fontSize: tokens.fontSizeBase500 },
});

export interface DataColumn<T> {
  id: string;
  header: string;
  /** What the cell shows and what the CSV holds. */
  text: (row: T) => string;
  /** A richer cell (a link); `text` still feeds the exports. */
  render?: (row: T) => ReactNode;
  /** The raw number for Excel (a fraction for percentages, hours for durations); `text` otherwise. */
  value?: (row: T) => number | null;
  /** Excel number format of `value`, e.g. '0.00%' or '[h]:mm'. */
  excelFormat?: string;
  numeric?: boolean;
  /** The column can sort the rows (with `sort` and `onSortChange` on the table: sorting is the caller's, e.g. on the server). */
  sortable?: boolean;
}

/** The sorted column and its direction. */
export interface TableSort {
  column: string;
  direction: 'ascending' | 'descending';
}

export interface DataTableProps<T> {
  /** The table's name: its caption, accessible name and sheet name. */
  title: string;
  columns: DataColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** Base name of exported files, without extension (page, factory, period). */
  fileName: string;
  /** A last row (totals), kept apart from the data rows. */
  footer?: T;
  hideCaption?: boolean;
  /** Large type and no export menu (TV mode). */
  large?: boolean;
  /** The order the rows come in (shown on the sortable columns' headers as aria-sort). */
  sort?: TableSort;
  /** A sortable column's header was activated: the caller sorts (ascending first, then toggles). */
  onSortChange?: (column: string) => void;
  /**
   * The rows the files hold when the table shows only some of them (a list paged on the server): every
   * row of its selection, fetched when someone exports. The rows shown by default.
   */
  exportRows?: () => Promise<T[]>;
}

/** A data table with CSV and Excel export of exactly what it shows (or, paged, of every row of its selection: `exportRows`). */
export function DataTable<T>({ title, columns, rows, rowKey, fileName, footer, hideCaption = false, large = false, sort, onSortChange, exportRows }: DataTableProps<T>): ReactElement {
  const styles = useStyles();

  const onExport = async (format: string): Promise<void> => {
    const data = exportRows ? await exportRows() : rows;
    const all = footer ? [...data, footer] : data;
    const header = columns.map((column) => column.header);
    if (format === 'csv') {
      const csv = toCsv([header, ...all.map((row) => columns.map((column) => column.text(row)))]);
      downloadBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${fileName}.csv`);
      return;
    }
    const sheet: SheetCell[][] = [
      header,
      ...all.map((row) =>
        columns.map((column) => {
          if (!column.value) return column.text(row);
          const value = column.value(row);
          return value === null || !Number.isFinite(value) ? column.text(row) : value;
        }),
      ),
    ];
    const blob = await toXlsx(sheet, { sheet: title, formats: columns.map((column) => column.excelFormat) });
    downloadBlob(blob, `${fileName}.xlsx`);
  };

  const cell = (column: DataColumn<T>, row: T): ReactElement => (
    <TableCell key={column.id} className={column.numeric ? styles.numeric : undefined}>
      {column.render ? column.render(row) : column.text(row)}
    </TableCell>
  );

  return (
    <div className={mergeClasses(styles.root, large && styles.large)}>
      <div className={styles.bar}>
        <span className={styles.caption}>{hideCaption ? null : title}</span>
        {large ? null : (
          <ExportMenu
            name={title}
            onExport={onExport}
            formats={[
              { id: 'csv', label: 'ui.export.csv' },
              { id: 'xlsx', label: 'ui.export.xlsx' },
            ]}
          />
        )}
      </div>
      <div className={styles.scroll}>
        <Table aria-label={title} size={large ? 'medium' : 'small'} className={styles.table} sortable={!!onSortChange}>
          <TableHeader>
            <TableRow>
              {columns.map((column) => {
                const sortable = !!onSortChange && !!column.sortable;
                return (
                  <TableHeaderCell
                    key={column.id}
                    className={mergeClasses(styles.header, column.numeric && styles.numericHeader)}
                    {...(sortable
                      ? { sortDirection: sort?.column === column.id ? sort.direction : undefined, onClick: () => onSortChange(column.id) }
                      : { sortable: false })}
                  >
                    {column.header}
                  </TableHeaderCell>
                );
              })}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={rowKey(row)}>{columns.map((column) => cell(column, row))}</TableRow>
            ))}
            {footer ? (
              <TableRow key="footer" className={styles.footer}>
                {columns.map((column) => cell(column, footer))}
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
