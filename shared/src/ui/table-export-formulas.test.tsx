import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../testing/render-with-providers';
import { DataTable, type DataColumn } from './data-table';

// The Excel writer, captured: what the table hands it is what the sheet holds.
const written: unknown[][][] = [];
jest.mock('write-excel-file/browser', () => ({
  __esModule: true,
  default: (data: unknown[][]) => {
    written.push(data);
    return { toBlob: async () => new Blob(['PK']) };
  },
}));

interface Row {
  name: string;
  delta: number;
}

const HYPERLINK = '=HYPERLINK("http://evil.example","x")';
const columns: DataColumn<Row>[] = [
  { id: 'name', header: 'Line', text: (row) => row.name },
  { id: 'delta', header: 'Change', text: (row) => String(row.delta), value: (row) => row.delta, numeric: true },
];
const rows: Row[] = [
  { name: HYPERLINK, delta: -12 },
  { name: '@SUM(1+1)', delta: -1.5 },
  { name: 'Line 3', delta: 4 },
];

let downloads: Blob[] = [];
const originalCreate = URL.createObjectURL;
const originalRevoke = URL.revokeObjectURL;
beforeEach(() => {
  downloads = [];
  URL.createObjectURL = (blob: Blob) => {
    downloads.push(blob);
    return `blob:test/${downloads.length}`;
  };
  URL.revokeObjectURL = () => undefined;
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => {
  URL.createObjectURL = originalCreate;
  URL.revokeObjectURL = originalRevoke;
  jest.restoreAllMocks();
});

function text(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });
}

test("a table's CSV writes names that start like formulas as quoted text with a single quote in front, and negative numbers as numbers", async () => {
  const { userEvent } = renderWithProviders(<DataTable title="Lines" columns={columns} rows={rows} rowKey={(row) => row.name} fileName="lines" />);
  // On screen the name is shown as it is.
  expect(screen.getByRole('cell', { name: HYPERLINK })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Export Lines' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'CSV file' }));
  await waitFor(() => expect(downloads).toHaveLength(1));
  expect(await text(downloads[0]!)).toBe(
    '\ufeff"Line","Change"\r\n' +
      `"'=HYPERLINK(""http://evil.example"",""x"")","-12"\r\n` +
      `"'@SUM(1+1)","-1.5"\r\n` +
      '"Line 3","4"\r\n',
  );
});

test("a table's Excel file holds the same text in text cells and the numbers as numbers", async () => {
  const { userEvent } = renderWithProviders(<DataTable title="Lines" columns={columns} rows={rows} rowKey={(row) => row.name} fileName="lines" />);
  await userEvent.click(screen.getByRole('button', { name: 'Export Lines' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Excel file' }));
  await waitFor(() => expect(written).toHaveLength(1));
  const [, first, second] = written[0]!;
  expect(first).toEqual([{ value: `'${HYPERLINK}`, type: String }, { value: -12, type: Number }]);
  expect(second).toEqual([{ value: "'@SUM(1+1)", type: String }, { value: -1.5, type: Number }]);
});
