import { screen, waitFor } from '@testing-library/react';
import Highcharts from 'highcharts';
import { useState, type ReactElement } from 'react';
import { missingTranslations } from '../contracts/remote-intl';
import { renderWithProviders } from '../testing/render-with-providers';
import { Chart } from './chart';
import { DataTable, type DataColumn } from './data-table';
import { exportFileName, toCsv } from './export-file';
import { UI_MESSAGES } from './ui-messages';

interface Row {
  name: string;
  oee: number | null;
}

const columns: DataColumn<Row>[] = [
  { id: 'name', header: 'Line', text: (row) => row.name },
  { id: 'oee', header: 'OEE', text: (row) => (row.oee === null ? 'N/D' : `${(row.oee * 100).toFixed(2)}%`), value: (row) => row.oee, excelFormat: '0.00%', numeric: true },
];

let downloads: { name: string; blob: Blob }[] = [];
const originalCreate = URL.createObjectURL;
const originalRevoke = URL.revokeObjectURL;

beforeEach(() => {
  downloads = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) downloads.push({ name: this.download, blob });
  });
});
afterEach(() => {
  URL.createObjectURL = originalCreate;
  URL.revokeObjectURL = originalRevoke;
  jest.restoreAllMocks();
});

function readBlob(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });
}

test('shared component words exist in English, French and Spanish', () => {
  expect(missingTranslations(UI_MESSAGES)).toEqual([]);
});

test('export file names carry the page, the factory and the period', () => {
  expect(exportFileName('Company overview', 'Montréal', 'last7days')).toBe('company-overview_montreal_last7days');
  expect(exportFileName('Dashboard', null, '2026-01-01 – 2026-01-31')).toBe('dashboard_2026-01-01-2026-01-31');
});

test('CSV quotes every text, doubling its quotes, and writes numbers bare', () => {
  expect(toCsv([['a', 'b,c'], ['say "hi"', 3], ['-1 234,5', -2]])).toBe('\ufeff"a","b,c"\r\n"say ""hi""",3\r\n"-1 234,5",-2\r\n');
});

test('a table shows its rows and exports exactly them as CSV and Excel', async () => {
  const rows: Row[] = [
    { name: 'Line 1', oee: 0.7481 },
    { name: 'Line 2', oee: null },
  ];
  const { userEvent } = renderWithProviders(
    <DataTable title="Lines" columns={columns} rows={rows} rowKey={(row) => row.name} fileName="dashboard_lyon_lastday" />,
    { language: 'fr' },
  );
  expect(screen.getByRole('table', { name: 'Lines' })).toBeInTheDocument();
  expect(screen.getByRole('cell', { name: '74.81%' })).toBeInTheDocument();
  expect(screen.getByRole('cell', { name: 'N/D' })).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Exporter Lines' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Fichier CSV' }));
  await waitFor(() => expect(downloads).toHaveLength(1));
  expect(downloads[0]?.name).toBe('dashboard_lyon_lastday.csv');
  const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await readBlob(downloads[0]!.blob));
  expect(csv).toBe('\ufeff"Line","OEE"\r\n"Line 1","74.81%"\r\n"Line 2","N/D"\r\n');

  await userEvent.click(screen.getByRole('button', { name: 'Exporter Lines' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Fichier Excel' }));
  await waitFor(() => expect(downloads).toHaveLength(2));
  expect(downloads[1]?.name).toBe('dashboard_lyon_lastday.xlsx');
  const bytes = await readBlob(downloads[1]!.blob);
  // An .xlsx file is a zip archive.
  expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe('PK');
});

test('a chart is a named figure whose image export is offered once it is drawn', async () => {
  renderWithProviders(
    <Chart title="Trend" fileName="overview_all_lastday" options={{ series: [{ type: 'line', name: 'OEE', data: [1, 2, 3] }] }} />,
  );
  expect(screen.getByRole('figure', { name: 'Trend' })).toBeInTheDocument();
  const button = screen.getByRole('button', { name: 'Export Trend' });
  await waitFor(() => expect(button).toBeEnabled(), { timeout: 10_000 });
  expect(document.querySelector('.highcharts-container')).not.toBeNull();
});

test('in TV mode (large) a chart and a table offer no export: nobody clicks a TV', async () => {
  renderWithProviders(
    <>
      <Chart title="Trend" fileName="tv" large options={{ series: [{ type: 'line', name: 'OEE', data: [1, 2, 3] }] }} />
      <DataTable title="Lines" columns={columns} rows={[{ name: 'Line 1', oee: 0.5 }]} rowKey={(row) => row.name} fileName="tv" large />
    </>,
  );
  await waitFor(() => expect(document.querySelector('.highcharts-container')).not.toBeNull(), { timeout: 10_000 });
  expect(screen.getByRole('figure', { name: 'Trend' })).toBeInTheDocument();
  expect(screen.getByRole('table', { name: 'Lines' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
});

const STEADY_OPTIONS = { series: [{ type: 'line' as const, name: 'OEE', data: [1, 2, 3] }] };

test('a page drawn again with the same chart options leaves the chart as it is (no redraw)', async () => {
  function Page(): ReactElement {
    const [renders, setRenders] = useState(0);
    return (
      <>
        <button type="button" onClick={() => setRenders(renders + 1)}>
          Again {renders}
        </button>
        <Chart title="Trend" fileName="overview_all_lastday" options={STEADY_OPTIONS} />
      </>
    );
  }
  const { userEvent } = renderWithProviders(<Page />);
  await waitFor(() => expect(screen.getByRole('button', { name: 'Export Trend' })).toBeEnabled(), { timeout: 10_000 });
  const update = jest.spyOn(Highcharts.Chart.prototype, 'update');
  try {
    await userEvent.click(screen.getByRole('button', { name: 'Again 0' }));
    await userEvent.click(screen.getByRole('button', { name: 'Again 1' }));
    expect(screen.getByRole('button', { name: 'Again 2' })).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
  } finally {
    update.mockRestore();
  }
});
