// One server-sent events response, written with backpressure: a client that
// stops reading (a frozen tab, a stalled proxy) makes res.write() return
// false once the socket's buffers are full. From then on nothing more is
// queued for it (the server's memory for it stays at what is already
// buffered); if it drains within `drainMs` it is told in one event what it
// missed, otherwise the connection is dropped.
import type { ServerResponse } from 'node:http';

/** Why the server ended a stream; sent to the client as the `end` event (never when cut off). */
export type EndReason = 'lifetime' | 'signed-out' | 'closing';

export const sseEvent = (name: string, data: unknown, id?: number | null) =>
  `${id === undefined || id === null ? '' : `id: ${id}\n`}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

export class EventStream {
  private blocked = false;
  private ended = false;
  private drainTimer: ReturnType<typeof setTimeout> | undefined;
  /** Events were dropped while blocked: the client must refetch everything once it drains. */
  private missed = false;
  /** The highest data version sent or dropped: the id of the catch-up event. */
  private version: number | null = null;

  constructor(
    private readonly res: ServerResponse,
    private readonly drainMs: number,
    /** Called once, however the stream ends. */
    private readonly onEnd: () => void,
  ) {
    res.on('close', () => this.finish());
  }

  /** Bytes written but not yet taken by the socket. */
  get buffered(): number {
    return this.res.writableLength;
  }

  get isOpen(): boolean {
    return !this.ended;
  }

  /** A change event, id'd with its version (never lower than one already sent). */
  change(data: unknown, version: number | null): void {
    if (version !== null) this.version = Math.max(this.version ?? version, version);
    if (this.blocked) {
      this.missed = true;
      return;
    }
    this.write(sseEvent('change', data, this.version));
  }

  /** Raw text (the preamble, a heartbeat); dropped while the client is not reading. */
  send(text: string): void {
    if (!this.blocked) this.write(text);
  }

  /** Ends the stream with an `end` event saying why (a blocked one is just dropped). */
  end(reason: EndReason): void {
    if (this.ended) return;
    if (this.blocked) {
      this.res.destroy();
      return;
    }
    this.res.end(sseEvent('end', { reason }));
    this.finish();
  }

  private write(text: string): void {
    if (this.ended) return;
    if (this.res.write(text)) return;
    this.blocked = true;
    this.drainTimer = setTimeout(() => this.res.destroy(), this.drainMs);
    this.res.once('drain', () => {
      clearTimeout(this.drainTimer);
      this.blocked = false;
      if (!this.missed) return;
      this.missed = false;
      this.write(sseEvent('change', { kind: 'all', client: null }, this.version));
    });
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.drainTimer);
    this.onEnd();
  }
}
