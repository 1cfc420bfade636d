import type { ReactElement } from 'react';
import type { RemoteRoutesModule } from '@linepulse/shared';
import type { RemoteName, RuntimeConfig } from '@linepulse/contracts';
import { renderWithProviders, type RenderWithProvidersOptions, type RenderWithProvidersResult } from '@linepulse/shared/testing';
import { RemoteLoaderContext } from '../features/remotes/remote-loader-context';
import type { RemoteLoader } from '../features/remotes/remote-loader';
import { RuntimeConfigContext } from '../app/runtime-config-context';
import { SessionActionsContext, type SessionActions } from '../app/session-actions';

export const TEST_CONFIG: RuntimeConfig = {
  version: '1.6.17',
  auth: {
    authority: 'https://idp.test/oidc',
    clientId: 'linepulse-web',
    knownAuthorities: ['idp.test'],
    apiScope: 'api.readwrite',
    isEntra: false,
  },
  apiBase: 'https://api.test/api',
  dashboardApiBase: 'https://api.test/dashboard-api',
  remotes: {
    overview: 'https://remotes.test/overview/mf-manifest.json',
    downtime: 'https://remotes.test/downtime/mf-manifest.json',
    reports: 'https://remotes.test/reports/mf-manifest.json',
    admin: 'https://remotes.test/admin/mf-manifest.json',
    opportunities: 'https://remotes.test/opportunities/mf-manifest.json',
  },
  sisterProductUrl: 'https://sister.test/',
};

/** A remote loader whose every remote renders "<remote>:<routeId>" headings. */
export function fakeRemoteLoader(overrides: Partial<RemoteLoader> = {}): RemoteLoader & { load: jest.Mock; reset: jest.Mock } {
  const load = jest.fn(async (remote: RemoteName) => {
    const pages = new Proxy(
      {},
      {
        get: (_target, routeId: string) =>
          function FakePage(): ReactElement {
            return (
              <main>
                <h1>{`${remote}:${routeId}`}</h1>
              </main>
            );
          },
      },
    );
    return { remote, version: 'test', pages } as unknown as RemoteRoutesModule<RemoteName>;
  });
  return { load, reset: jest.fn(), ...overrides } as RemoteLoader & { load: jest.Mock; reset: jest.Mock };
}

export interface RenderHostOptions extends RenderWithProvidersOptions {
  remoteLoader?: RemoteLoader;
  sessionActions?: SessionActions;
  config?: RuntimeConfig;
}

/** renderWithProviders plus the host's contexts (runtime config, remote loader, session actions). */
export function renderHost(ui: ReactElement, options: RenderHostOptions = {}): RenderWithProvidersResult & {
  remoteLoader: RemoteLoader;
  sessionActions: SessionActions;
} {
  const {
    remoteLoader = fakeRemoteLoader(),
    sessionActions = { signIn: jest.fn(), signOut: jest.fn() },
    config = TEST_CONFIG,
    ...rest
  } = options;
  const result = renderWithProviders(
    <RuntimeConfigContext.Provider value={config}>
      <RemoteLoaderContext.Provider value={remoteLoader}>
        <SessionActionsContext.Provider value={sessionActions}>{ui}</SessionActionsContext.Provider>
      </RemoteLoaderContext.Provider>
    </RuntimeConfigContext.Provider>,
    rest,
  );
  return { ...result, remoteLoader, sessionActions };
}
