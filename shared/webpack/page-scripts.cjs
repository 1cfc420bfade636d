// Which scripts each page of a remote needs, written into the remote's mf-manifest.json, so that the
// host's entry module can preload a page's code as soon as the manifest answers, before the host's
// libraries have arrived and run the remote's routes module (decision 66). A remote names each page's
// chunk after the route it serves (`import(/* webpackChunkName: "page-companyOverview" */ …)`), or the
// routes, joined by `-` (route ids are camel case), when it serves several
// (`page-reportCreation-reportEdition`); its language chunks are named `remote-messages-<language>`.

const PAGE_PREFIX = 'page-';
const MESSAGES_PREFIX = 'remote-messages-';

/**
 * The JavaScript files of every named chunk group with `prefix`, by the rest of its name: the group's
 * own chunks, split ones included (not the chunks its own lazy imports load later).
 * @param {import('webpack').Compilation} compilation
 * @param {string} prefix
 * @returns {Record<string, string[]>}
 */
function namedGroupScripts(compilation, prefix) {
  /** @type {Record<string, string[]>} */
  const byName = {};
  for (const [name, group] of compilation.namedChunkGroups) {
    if (!name.startsWith(prefix)) continue;
    byName[name.slice(prefix.length)] = group.getFiles().filter((file) => file.endsWith('.js')).sort();
  }
  return byName;
}

/**
 * The manifest's `additionalData` hook: `metaData.pages` (route id → scripts) and `metaData.messages`
 * (language → scripts), both left out when the build has none (the host).
 * @param {{ stats: { metaData: Record<string, unknown> }, compilation: import('webpack').Compilation }} data
 */
function withPageScripts({ stats, compilation }) {
  /** @type {Record<string, string[]>} */
  const pages = {};
  for (const [routeIds, scripts] of Object.entries(namedGroupScripts(compilation, PAGE_PREFIX))) {
    for (const routeId of routeIds.split('-')) pages[routeId] = scripts;
  }
  const messages = namedGroupScripts(compilation, MESSAGES_PREFIX);
  if (Object.keys(pages).length > 0) stats.metaData.pages = pages;
  if (Object.keys(messages).length > 0) stats.metaData.messages = messages;
  return stats;
}

module.exports = { withPageScripts };
