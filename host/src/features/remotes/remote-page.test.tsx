import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { activeFactoryIdAtom, type RemoteRoutesModule } from '@linepulse/shared';
import { ROUTES, type RemoteName } from '@linepulse/contracts';
import { TEST_USERS, testFactory } from '@linepulse/shared/testing';
import { fakeRemoteLoader, renderHost } from '../../testing/render-host';
import { RemoteLoadTimeoutError } from './remote-loader';
import { RemotePage } from './remote-page';

function ReportsPage(): ReactElement {
  return (
    <main>
      <h1>My reports page</h1>
    </main>
  );
}

const reportsModule = { remote: 'reports', version: '1', pages: { myReports: ReportsPage } } as unknown as RemoteRoutesModule<RemoteName>;
const factories = [testFactory(), testFactory({ id: 'f-quebec', name: 'Québec' })];

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('RemotePage', () => {
  it('shows the area’s error with a Retry that really loads again', async () => {
    const loader = fakeRemoteLoader();
    loader.load.mockRejectedValueOnce(new Error('ScriptNetworkError')).mockResolvedValueOnce(reportsModule);
    const { userEvent } = renderHost(<RemotePage routeId="myReports" />, {
      remoteLoader: loader,
      user: TEST_USERS.operation,
      factories,
      route: '/f-quebec/my-reports',
      path: ROUTES.myReports.path,
    });
    const region = await screen.findByRole('region', { name: 'Reports area' });
    expect(within(region).getByRole('alert')).toHaveTextContent('Reports could not be loaded');
    expect(screen.getByRole('heading', { level: 1, name: 'My reports' })).toBeInTheDocument();

    await userEvent.click(within(region).getByRole('button', { name: 'Retry' }));
    expect(loader.reset).toHaveBeenCalledWith('reports');
    expect(await screen.findByRole('heading', { name: 'My reports page' })).toBeInTheDocument();
    expect(loader.load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('region', { name: 'Reports area' })).not.toBeInTheDocument();
  });

  it('names the chunk loading timeout', async () => {
    const loader = fakeRemoteLoader();
    loader.load.mockRejectedValue(new RemoteLoadTimeoutError('admin', 120000));
    renderHost(<RemotePage routeId="factories" />, { remoteLoader: loader, user: TEST_USERS.admin, factories });
    const region = await screen.findByRole('region', { name: 'Administration area' });
    expect(region).toHaveTextContent('took longer than 120 seconds');
  });

  it('keeps a page that throws inside its area', async () => {
    function Broken(): ReactElement {
      throw new Error('bug in the remote');
    }
    const loader = fakeRemoteLoader();
    loader.load.mockResolvedValue({ remote: 'overview', version: '1', pages: { companyOverview: Broken } });
    renderHost(<RemotePage routeId="companyOverview" />, { remoteLoader: loader, user: TEST_USERS.admin, factories });
    expect(await screen.findByRole('region', { name: 'Overview area' })).toBeInTheDocument();
  });

  it('makes the route’s factory the active one', async () => {
    const { store } = renderHost(<RemotePage routeId="myReports" />, {
      user: TEST_USERS.operation,
      factories,
      route: '/f-quebec/my-reports',
      path: ROUTES.myReports.path,
    });
    await screen.findByRole('heading', { name: 'reports:myReports' });
    expect(store.get(activeFactoryIdAtom)).toBe('f-quebec');
  });
});
