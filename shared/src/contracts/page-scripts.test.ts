import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROUTES, type RouteId } from '@linepulse/contracts';
// The build's hook that lists each page's scripts in a remote's manifest (decision 66).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { withPageScripts } = require('../../webpack/page-scripts.cjs') as {
  withPageScripts: (data: { stats: { metaData: Record<string, unknown> }; compilation: unknown }) => { metaData: Record<string, unknown> };
};

const REMOTES = ['remote-overview', 'remote-downtime', 'remote-reports', 'remote-admin', 'remote-opportunities'] as const;

/** A compilation with these named chunk groups (name → files), as the hook reads it. */
function compilationWith(groups: Record<string, string[]>): unknown {
  return { namedChunkGroups: new Map(Object.entries(groups).map(([name, files]) => [name, { getFiles: () => files }])) };
}

test("the manifest lists each page's scripts by route id (a page serving several routes under each) and each language's", () => {
  const stats = withPageScripts({
    stats: { metaData: { name: 'linepulse_reports' } },
    compilation: compilationWith({
      'page-myReports': ['page-myReports.1.js', '12.2.js', 'page-myReports.1.js.map'],
      'page-reportCreation-reportEdition': ['page-reportCreation-reportEdition.3.js'],
      'remote-messages-fr': ['remote-messages-fr.4.js'],
      'filter-panel': ['filter-panel.5.js'],
    }),
  });
  expect(stats.metaData).toEqual({
    name: 'linepulse_reports',
    pages: {
      myReports: ['12.2.js', 'page-myReports.1.js'],
      reportCreation: ['page-reportCreation-reportEdition.3.js'],
      reportEdition: ['page-reportCreation-reportEdition.3.js'],
    },
    messages: { fr: ['remote-messages-fr.4.js'] },
  });
  // A build without pages (the host) gets neither key.
  expect(withPageScripts({ stats: { metaData: {} }, compilation: compilationWith({ chart: ['chart.1.js'] }) }).metaData).toEqual({});
});

// The host preloads a page's scripts by the route it opens: a page chunk named after no route of its
// remote would never be preloaded, and a lazy page without a name would silently lose its preload.
test.each(REMOTES)("%s names each lazily loaded page's chunk after routes it serves", (remote) => {
  const source = readFileSync(path.join(__dirname, '..', '..', '..', remote, 'src', 'routes.tsx'), 'utf8');
  const lazyImports = [...source.matchAll(/lazyPage\(\(\) => import\(([^)]*)\)/g)].map((match) => match[1] ?? '');
  // The opportunities' pages live in its routes module (nothing to preload beyond it); every other remote's are lazy.
  if (remote !== 'remote-opportunities') expect(lazyImports.length).toBeGreaterThan(0);
  const ownRoutes = (Object.keys(ROUTES) as RouteId[]).filter((id) => ROUTES[id].remote === remote.replace('remote-', ''));
  for (const argument of lazyImports) {
    const name = /webpackChunkName: "page-([A-Za-z-]+)"/.exec(argument)?.[1];
    expect(name).toBeDefined();
    for (const routeId of name!.split('-')) expect(ownRoutes).toContain(routeId);
  }
});
