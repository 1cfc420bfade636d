import type { LiveChange } from '@linepulse/contracts';
import { connectLive, type LiveHandlers, type LiveStatus } from './live-connection';

/**
 * One live stream per tab (decision 49): the parts of a screen that follow factories — the page and the
 * header's alert bell — share it, instead of each holding a connection of its own. The stream follows
 * the union of what they follow; each part hears the changes of its own factories, every resync, and
 * the stream's status.
 */
interface Follower {
  ids: ReadonlySet<string>;
  handlers: LiveHandlers;
  /** Heard 'live' at least once: it was shown fresh figures it must keep fresh across a stream switch. */
  seenLive: boolean;
}

const followers = new Set<Follower>();
let stream: { key: string; status: LiveStatus; stop: () => void } | null = null;
let reconciling = false;

const unionKey = (): string => [...new Set([...followers].flatMap((f) => [...f.ids]))].sort().join(',');

/** Opens the stream the followers need now (none, or the union of their factories), if it is not the one open. */
function reconcile(): void {
  reconciling = false;
  const key = unionKey();
  if (stream?.key === key) return;
  stream?.stop();
  stream = null;
  if (key === '') return;
  // Parts already live may miss what happens between the old stream's end and the new one's start (a
  // new stream has no last event id to resume from): they refetch once it is open.
  const catchUp = [...followers].filter((f) => f.seenLive);
  const current: { key: string; status: LiveStatus; stop: () => void } = { key, status: 'connecting', stop: () => undefined };
  stream = current;
  current.stop = connectLive(key.split(','), {
    onChange: (changes: LiveChange[]) => {
      for (const f of followers) {
        const theirs = changes.filter((c) => f.ids.has(c.factory_id));
        if (theirs.length > 0) f.handlers.onChange(theirs);
      }
    },
    onResync: () => {
      for (const f of followers) f.handlers.onResync();
    },
    onStatus: (status) => {
      current.status = status;
      for (const f of followers) {
        if (status === 'live') f.seenLive = true;
        f.handlers.onStatus(status);
      }
      if (status === 'live') for (const f of catchUp.splice(0)) if (followers.has(f)) f.handlers.onResync();
    },
  });
}

/**
 * Follows `factoryIds` on the tab's one stream until the function returned is called. Joining and
 * leaving in the same turn (a page replaced by another) changes the stream once, if at all: the bell
 * follows every factory of the user, so a page's factories are usually already followed.
 */
export function followLive(factoryIds: readonly string[], handlers: LiveHandlers): () => void {
  const follower: Follower = { ids: new Set(factoryIds), handlers, seenLive: false };
  followers.add(follower);
  const settle = (): void => {
    if (reconciling) return;
    reconciling = true;
    queueMicrotask(reconcile);
  };
  if (stream !== null && factoryIds.every((id) => stream!.key.split(',').includes(id))) {
    // Already followed: the stream's status at once (no reconnection).
    if (stream.status === 'live') follower.seenLive = true;
    handlers.onStatus(stream.status);
  } else handlers.onStatus('connecting');
  settle();
  return () => {
    followers.delete(follower);
    settle();
  };
}
