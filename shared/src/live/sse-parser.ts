/** One server-sent event as the stream gave it. */
export interface ServerSentEvent {
  /** The event's id, when it had one (the stream's position: sent back as Last-Event-ID). */
  id?: string;
  event: string;
  data: string;
  /** A `retry:` field: the server's reconnection delay, ms. */
  retry?: number;
}

/**
 * A parser of the event-stream format (HTML Living Standard, "Server-sent events", parsing), fed the
 * text as it arrives in chunks of any size: lines end with LF, CR or CRLF; a blank line ends an event;
 * comment lines (starting with ':') are skipped; `data` lines are joined with LF. 40 lines here rather
 * than a library: the stream needs a fresh token per connection, which EventSource cannot send and
 * which the fetch-based libraries' own retries would not refresh (decision 49).
 */
export class SseParser {
  private buffer = '';
  private pending: { id?: string; event?: string; data: string[]; retry?: number } = { data: [] };

  /** The events completed by this chunk. */
  push(chunk: string): ServerSentEvent[] {
    this.buffer += chunk;
    const out: ServerSentEvent[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      // A lone CR at the end may be the first half of CRLF: wait for the next chunk.
      if (!match || (match[0] === '\r' && match.index === this.buffer.length - 1)) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const event = this.line(line);
      if (event) out.push(event);
    }
    return out;
  }

  private line(line: string): ServerSentEvent | null {
    if (line === '') {
      const { id, event, data, retry } = this.pending;
      this.pending = { data: [] };
      if (data.length === 0 && retry === undefined) return null;
      return { ...(id !== undefined ? { id } : {}), event: event ?? 'message', data: data.join('\n'), ...(retry !== undefined ? { retry } : {}) };
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.pending.data.push(value);
    else if (field === 'event') this.pending.event = value;
    else if (field === 'id' && !value.includes('\0')) this.pending.id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.pending.retry = Number(value);
    return null;
  }
}
