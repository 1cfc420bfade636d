// Types of source-files.cjs, for the tests that read the workspace's sources.
export function sourceFilesUnder(dir: string): string[];
