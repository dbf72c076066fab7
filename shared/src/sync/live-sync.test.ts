import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { QueryClient } from '@tanstack/react-query';
import { TAB_ID } from '../api/tab-id';
import { useAuthStore } from '../auth/auth-store';
import { setRuntimeConfig } from '../config/runtime-config';
import { queryKeys } from '../data/query-keys';
import { testUser } from '../test-utils/fixtures';
import { startLiveSync } from './live-sync';
import { notePageReads } from './page-reads';

/** An EventSource the test drives. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  closed = false;
  private readonly listeners = new Map<string, ((event: unknown) => void)[]>();
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data?: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data: JSON.stringify(data) });
  }
}

const latest = () => FakeEventSource.opened.at(-1);

const { checkSession } = useAuthStore.getState();
/** Every sync a test started, stopped after it even when it failed half-way. */
const running: (() => void)[] = [];
const started = (stop: () => void) => {
  running.push(stop);
  return stop;
};
afterEach(() => {
  for (const stop of running.splice(0)) stop();
  rs.unstubAllGlobals();
  rs.useRealTimers();
  FakeEventSource.opened = [];
  useAuthStore.setState({ user: null, checkSession });
});

/** The session check the tab makes when its stream is lost: `signedOut` says what it finds. */
function sessionCheck(result: { signedOut: boolean }) {
  const check = rs.fn(async () => {
    if (result.signedOut) useAuthStore.setState({ user: null });
  });
  useAuthStore.setState({ checkSession: check });
  return check;
}

/** Lets the session check's promise settle. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

function setUp() {
  rs.stubGlobal('EventSource', FakeEventSource);
  setRuntimeConfig({ apiBase: 'http://api.example/api', remotes: {} });
  const client = new QueryClient();
  const invalidate = rs.spyOn(client, 'invalidateQueries');
  return { client, invalidate };
}

describe('startLiveSync', () => {
  it('follows the stream while someone is signed in, with the session cookie', () => {
    const { client } = setUp();
    const stop = started(startLiveSync(client));
    expect(FakeEventSource.opened).toHaveLength(0);
    useAuthStore.setState({ user: testUser });
    expect(latest()?.url).toBe('http://api.example/api/events/');
    expect(latest()?.init).toEqual({ withCredentials: true });
    useAuthStore.setState({ user: null });
    expect(latest()?.closed).toBe(true);
    stop();
  });

  it('marks goals, tasks and the dashboard stale on another tab’s change, and skips its own', async () => {
    const { client, invalidate } = setUp();
    useAuthStore.setState({ user: testUser });
    const stop = started(startLiveSync(client));
    latest()?.emit('change', { kind: 'tasks', client: TAB_ID });
    await Promise.resolve();
    expect(invalidate).not.toHaveBeenCalled();
    latest()?.emit('change', { kind: 'tasks', client: 'another-tab' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.workData });
    stop();
  });

  it('hands each reminder the stream carries to the one who shows it, and refetches nothing', () => {
    const { client, invalidate } = setUp();
    useAuthStore.setState({ user: testUser });
    const shown: unknown[] = [];
    const stop = started(startLiveSync(client, (notice) => shown.push(notice)));
    const notice = {
      reminder_id: 'r1',
      task_id: 't1',
      title: 'Call',
      fire_at: '2030-03-10T12:00:00.000Z',
      due_date: null,
      due_time: null,
      api: 'http://api.example/api',
    };
    latest()?.emit('reminder', notice);
    expect(shown).toEqual([notice]);
    expect(invalidate).not.toHaveBeenCalled();
    stop();
  });

  it('reads the data again once a new stream is following, not at a reconnect’s ready', async () => {
    const { client, invalidate } = setUp();
    useAuthStore.setState({ user: testUser });
    const stop = started(startLiveSync(client));
    expect(invalidate).not.toHaveBeenCalled();
    latest()?.emit('ready', { version: 7 });
    expect(invalidate).toHaveBeenCalledWith(
      expect.objectContaining({ queryKey: queryKeys.workData }),
    );
    latest()?.emit('ready', { version: 9 });
    expect(invalidate).toHaveBeenCalledTimes(1);
    stop();
  });

  describe('a page sent with its data (page-reads.ts)', () => {
    const SENT = queryKeys.tasks.list({ sort: 'position' });
    const OTHER = queryKeys.goals.list({});
    /** A client holding the page's read (noted at `version`) and a read of its own. */
    function withPageReads(version: number) {
      const setup = setUp();
      setup.client.setQueryData(SENT, ['sent']);
      setup.client.setQueryData(OTHER, ['asked']);
      const sentQuery = setup.client.getQueryCache().find({ queryKey: SENT, exact: true });
      if (sentQuery) notePageReads(setup.client, [sentQuery], version);
      useAuthStore.setState({ user: testUser });
      started(startLiveSync(setup.client));
      const stale = (key: readonly unknown[]) =>
        setup.client.getQueryCache().find({ queryKey: key, exact: true })?.state.isInvalidated;
      return { ...setup, stale };
    }

    it('keeps what the page was sent with when the stream follows from its version; reads the rest again', () => {
      const { stale } = withPageReads(7);
      latest()?.emit('ready', { version: 7 });
      expect(stale(SENT)).toBe(false);
      expect(stale(OTHER)).toBe(true);
    });

    it('reads it again when the version moved since, or the stream names none', () => {
      const moved = withPageReads(7);
      latest()?.emit('ready', { version: 8 });
      expect(moved.stale(SENT)).toBe(true);
      const unnamed = withPageReads(7);
      latest()?.emit('ready', { version: null });
      expect(unnamed.stale(SENT)).toBe(true);
    });

    it('does not vouch for an answer the cache kept over the page’s (a newer one)', () => {
      const { client } = setUp();
      const page = new QueryClient();
      page.setQueryData(SENT, ['sent'], { updatedAt: 1_000 });
      client.setQueryData(SENT, ['newer'], { updatedAt: 2_000 });
      const [read] = page.getQueryCache().getAll();
      if (read) notePageReads(client, [read], 7);
      useAuthStore.setState({ user: testUser });
      started(startLiveSync(client));
      latest()?.emit('ready', { version: 7 });
      expect(client.getQueryCache().find({ queryKey: SENT })?.state.isInvalidated).toBe(true);
    });

    it('reads it again when it holds another answer since', () => {
      const { client, stale } = withPageReads(7);
      client.setQueryData(SENT, ['newer'], { updatedAt: Date.now() + 1 });
      latest()?.emit('ready', { version: 7 });
      expect(stale(SENT)).toBe(true);
    });
  });

  it('opens the stream again when the server closed it for good, once the session is known to be live', async () => {
    rs.useFakeTimers();
    const { client } = setUp();
    const check = sessionCheck({ signedOut: false });
    useAuthStore.setState({ user: testUser });
    const stop = started(startLiveSync(client));
    const first = latest();
    if (!first) throw new Error('no stream');
    first.readyState = FakeEventSource.CLOSED;
    first.emit('error');
    await rs.advanceTimersByTimeAsync(0);
    expect(check).toHaveBeenCalledTimes(1);
    await rs.advanceTimersByTimeAsync(5_000);
    expect(FakeEventSource.opened).toHaveLength(2);
    // Refused again (a 429): it waits twice as long.
    const second = latest();
    if (!second) throw new Error('no stream');
    second.readyState = FakeEventSource.CLOSED;
    second.emit('error');
    await rs.advanceTimersByTimeAsync(5_000);
    expect(FakeEventSource.opened).toHaveLength(2);
    await rs.advanceTimersByTimeAsync(5_000);
    expect(FakeEventSource.opened).toHaveLength(3);
    stop();
    expect(latest()?.closed).toBe(true);
  });

  it('a stream refused because the session ended signs the tab out, and opens no other', async () => {
    rs.useFakeTimers();
    const { client } = setUp();
    sessionCheck({ signedOut: true });
    useAuthStore.setState({ user: testUser });
    const stop = started(startLiveSync(client));
    const first = latest();
    if (!first) throw new Error('no stream');
    first.readyState = FakeEventSource.CLOSED;
    first.emit('error');
    await rs.advanceTimersByTimeAsync(60_000);
    expect(useAuthStore.getState().user).toBeNull();
    expect(FakeEventSource.opened).toHaveLength(1);
    stop();
  });

  it('a stream the server ended because the session ended closes and checks the session at once', async () => {
    const { client } = setUp();
    const check = sessionCheck({ signedOut: true });
    useAuthStore.setState({ user: testUser });
    const stop = started(startLiveSync(client));
    latest()?.emit('end', { reason: 'signed-out' });
    // Closed before EventSource could reconnect on its own.
    expect(latest()?.closed).toBe(true);
    await settled();
    expect(check).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState().user).toBeNull();
    expect(FakeEventSource.opened).toHaveLength(1);
    stop();
  });

  it('signed in again meanwhile (another session of this tab): a new stream at once', async () => {
    const { client } = setUp();
    sessionCheck({ signedOut: false });
    useAuthStore.setState({ user: testUser });
    const stop = started(startLiveSync(client));
    latest()?.emit('end', { reason: 'signed-out' });
    await settled();
    await settled();
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(latest()?.closed).toBe(false);
    stop();
  });

  it('a stream ended at its lifetime is left to EventSource, which reconnects and catches up', async () => {
    const { client } = setUp();
    const check = sessionCheck({ signedOut: false });
    useAuthStore.setState({ user: testUser });
    const stop = started(startLiveSync(client));
    latest()?.emit('end', { reason: 'lifetime' });
    await settled();
    expect(latest()?.closed).toBe(false);
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(check).not.toHaveBeenCalled();
    stop();
  });
});
