/**
 * Live screens (issue 25, docs/decisions/0049-live-screens.md): what a change is, how many factories a
 * stream follows and its timings, without the wire schemas (live.ts), so a screen that asks them does
 * not load TypeBox.
 */

/** What changed: a unit's state, its counts, its product, a downtime's justification, the factory's configuration, its history (an import), an alert opened, resolved or acknowledged. */
export const LIVE_KINDS = ['state', 'counts', 'product', 'justification', 'configuration', 'history', 'alert'] as const;
export type LiveKind = (typeof LIVE_KINDS)[number];

/** Factories one stream may follow (a TV rotating through a company's factories follows them all). */
export const LIVE_MAX_FACTORIES = 50;
/** A screen whose stream is down polls this often until it is back (the TV's refresh before issue 25). */
export const LIVE_FALLBACK_POLL_MS = 30_000;
/** Changes are gathered this long before they are sent, so a burst is one message per stream. */
export const LIVE_FLUSH_MS = 250;
/** A comment line this often keeps proxies from closing a quiet stream. */
export const LIVE_HEARTBEAT_MS = 15_000;
/** What a reconnecting screen can ask for again (`Last-Event-ID`); older, it is told to refetch all. */
export const LIVE_RETENTION_MS = 60 * 60_000;
/**
 * The answer header saying how far the live changes it reflects go (an event id): a screen's first
 * stream resumes from the first such position the tab was given, so nothing announced between its
 * first answers and the stream's opening is missed.
 */
export const LIVE_POSITION_HEADER = 'Live-Position';
