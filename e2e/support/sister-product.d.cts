// Types of sister-product.cjs, for the end-to-end tests.
export const SISTER_PORT: number;
export const SISTER_ORIGIN: string;
export function startSisterProduct(options?: { remotes?: Record<string, string> }): Promise<{ close(): Promise<void> }>;
export function sisterPage(fragment: Record<string, string>, options?: { csp?: 'strict' }): string;
