// The TypeScript sources an app or package ships, read by the checks that inspect the source itself
// (the platform's API record, the TypeBox guard of contracts, the French spacing of the catalogues):
// `.ts` and `.tsx` under a folder, without tests, `testing/` helpers, declarations or node_modules.
const { readdirSync } = require('node:fs');
const path = require('node:path');

/** Every shipped source file under `dir`, in directory order. */
function sourceFilesUnder(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'testing') files.push(...sourceFilesUnder(full));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      files.push(full);
    }
  }
  return files;
}

module.exports = { sourceFilesUnder };
