import { LIVE_POSITION_HEADER } from '@linepulse/contracts';

/**
 * Where the tab's first live stream starts (decision 49). Every api answer says how far the changes it
 * reflects go (`Live-Position`); the first one the tab is given is older than everything the first
 * screen shows, so the first stream asks for what followed it (`Last-Event-ID`) and a change made
 * between the screen's first answers and the stream's opening is replayed rather than lost (the header's
 * alert bell would otherwise show a stale count until the next alert). Once a stream of the tab has
 * opened, later ones catch up by resyncing instead (live-channel.ts, live-connection.ts).
 */
let firstPosition: string | null = null;
/** Once a stream has opened, no answer's position is kept any more. */
let opened = false;

const POSITION = /^[0-9]{1,15}$/;

/** Keeps the position of the tab's first answer that carries one (a mock without headers is ignored). */
export function noteLivePosition(response: Pick<Response, 'headers'>): void {
  if (firstPosition !== null || opened) return;
  const value = typeof response.headers?.get === 'function' ? response.headers.get(LIVE_POSITION_HEADER) : null;
  if (value !== null && POSITION.test(value)) firstPosition = value;
}

/** The Last-Event-ID of a stream with none of its own: the first answer's position, until a stream has opened. */
export function firstStreamPosition(): string | null {
  return firstPosition;
}

/** A stream of the tab is open: the first answer's position is no longer anyone's starting point. */
export function liveStreamOpened(): void {
  opened = true;
  firstPosition = null;
}

/** Tests only: a new tab. */
export function forgetLivePosition(): void {
  opened = false;
  firstPosition = null;
}
