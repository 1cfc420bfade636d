// Types of platform-api.cjs, for the test that reads it (shared/src/platform-api.test.ts).
type Kind = 'value' | 'type';
export interface PlatformApiReport {
  version: string;
  exports: Record<string, { since: string; kind: Kind; shape?: string | null }>;
}
export interface ExportChange {
  added: string[];
  removed: string[];
  changed: string[];
  reshaped: string[];
}
export const APPS: readonly string[];
export const REPORT: string;
export function compareVersions(a: string, b: string): -1 | 0 | 1;
export function currentExports(): Map<string, Kind>;
export function currentShapes(exports?: ReadonlyMap<string, Kind>): Map<string, string | null>;
export function shapesOf(read: (file: string) => string, names: readonly string[], file?: string): Map<string, string | null>;
export function declaredRange(app: string): string;
export function diff(report: PlatformApiReport, exports: ReadonlyMap<string, Kind>, shapes?: ReadonlyMap<string, string | null>): ExportChange;
export function exportsOf(read: (file: string) => string, file?: string): Map<string, Kind>;
export function rangeFloor(app: string, report: PlatformApiReport): { floor: string; newest: string | null; unknown: string[] };
export function rangeStart(range: string, major: number): string | null;
export function readReport(): PlatformApiReport;
export function record(): { ok: boolean; message: string };
export function requiredBump(change: ExportChange, recordedVersion: string, version: string): { needs: 'major' | 'minor' | null; ok: boolean };
export function sharedVersion(): string;
