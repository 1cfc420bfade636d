import { screen } from '@testing-library/react';
import { DataTable, RemoteIntlProvider } from '@linepulse/shared';
import { renderWithProviders } from '@linepulse/shared/testing';
import { messages } from '../messages';
import { FittedTable } from './fitted-table';

const columns = ['Line', 'Availability', 'Performance', 'Quality'].map((header) => ({ id: header, header, text: (row: { name: string }) => `${row.name} ${header}` }));

function renderTable(): ReturnType<typeof renderWithProviders> {
  return renderWithProviders(
    <RemoteIntlProvider messages={messages}>
      <FittedTable label="Production overview">
        <DataTable title="Production overview" hideCaption columns={columns} rows={[{ name: 'Yaourts 1' }]} rowKey={(row) => row.name} fileName="x" />
      </FittedTable>
    </RemoteIntlProvider>,
  );
}

/**
 * A ResizeObserver as browsers have it: each element is reported once as its observation starts (after
 * layout), which is when the table measures itself. jsdom has none (the setup's stub reports nothing).
 */
class ReportingResizeObserver {
  private stopped = false;
  constructor(private readonly report: ResizeObserverCallback) {}
  observe(target: Element): void {
    setTimeout(() => {
      if (!this.stopped) this.report([{ target } as ResizeObserverEntry], this as unknown as ResizeObserver);
    }, 0);
  }
  unobserve(): void {}
  disconnect(): void {
    this.stopped = true;
  }
}
const stubObserver = window.ResizeObserver;
beforeEach(() => Object.assign(window, { ResizeObserver: ReportingResizeObserver }));
afterEach(() => Object.assign(window, { ResizeObserver: stubObserver }));

/** jsdom lays nothing out: the table's width against its frame's is set by hand. */
function layOut(scrollWidth: number, clientWidth: number): () => void {
  const scroll = jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  const client = jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
  return () => {
    scroll.mockRestore();
    client.mockRestore();
  };
}

test('a table that fits is no extra stop for the keyboard and says nothing about scrolling', async () => {
  const restore = layOut(900, 912);
  renderTable();
  expect(screen.getByRole('table', { name: 'Production overview' })).toBeInTheDocument();
  // Measured once observed.
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(screen.queryByRole('region', { name: 'Production overview' })).not.toBeInTheDocument();
  expect(screen.queryByText(/Scroll sideways/)).not.toBeInTheDocument();
  restore();
});

test('a table wider than its place scrolls in a region the keyboard reaches, with a visible hint', async () => {
  const restore = layOut(1100, 700);
  const { userEvent } = renderTable();
  const region = await screen.findByRole('region', { name: 'Production overview' });
  expect(region).toHaveAttribute('tabindex', '0');
  expect(region).toHaveAccessibleDescription(/Scroll sideways to see every column/);
  expect(screen.getByText(/Scroll sideways to see every column/)).toBeVisible();
  // The first stop of the table is its scroller (it holds the export menu too): arrows then scroll it.
  await userEvent.tab();
  expect(region).toHaveFocus();
  restore();
});
