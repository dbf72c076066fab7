import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { QueryClient } from '@tanstack/react-query';
import { useAuthStore } from '../auth/auth-store';
import { setRuntimeConfig } from '../config/runtime-config';
import { queryKeys } from '../data/query-keys';
import { testUser } from '../test-utils/fixtures';
import { startLiveSync } from './live-sync';
import { TAB_ID } from './tab-id';

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

afterEach(() => {
  rs.unstubAllGlobals();
  rs.useRealTimers();
  FakeEventSource.opened = [];
  useAuthStore.setState({ user: null });
});

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
    const stop = startLiveSync(client);
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
    const stop = startLiveSync(client);
    latest()?.emit('change', { kind: 'tasks', client: TAB_ID });
    await Promise.resolve();
    expect(invalidate).not.toHaveBeenCalled();
    latest()?.emit('change', { kind: 'tasks', client: 'another-tab' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.workData });
    stop();
  });

  it('opens the stream again when the server closed it for good', () => {
    rs.useFakeTimers();
    const { client } = setUp();
    useAuthStore.setState({ user: testUser });
    const stop = startLiveSync(client);
    const first = latest();
    if (!first) throw new Error('no stream');
    first.readyState = FakeEventSource.CLOSED;
    first.emit('error');
    rs.advanceTimersByTime(5_000);
    expect(FakeEventSource.opened).toHaveLength(2);
    stop();
    expect(latest()?.closed).toBe(true);
  });
});
