import { describe, expect, it } from '@rstest/core';
import { RELEASE_ID_COOKIE } from '@stride/shared/server-html';
import { browserReleaseId, RELEASE_ID_KEY } from './browser-release';

const SERVER_ID = '11111111-2222-4333-8444-555555555555';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
    key: () => null,
    get length() {
      return items.size;
    },
  };
}

/** A document.cookie stand-in: reads all, writes one. */
function cookieJar(initial = '') {
  const jar = { written: [] as string[], cookie: initial };
  return {
    jar,
    cookies: {
      get cookie() {
        return jar.cookie;
      },
      set cookie(value: string) {
        jar.written.push(value);
        jar.cookie = value.split(';')[0] ?? '';
      },
    },
  };
}

describe('browserReleaseId', () => {
  it("adopts the id the server's cookie gave a first visit, so both resolve the same canary", () => {
    const storage = memoryStorage();
    const { jar, cookies } = cookieJar(`theme=dark; ${RELEASE_ID_COOKIE}=${SERVER_ID}`);
    expect(browserReleaseId(storage, cookies)).toBe(SERVER_ID);
    expect(storage.getItem(RELEASE_ID_KEY)).toBe(SERVER_ID);
    expect(jar.written).toEqual([]);
  });

  it('keeps its stored id and puts it in the cookie for the server', () => {
    const storage = memoryStorage();
    storage.setItem(RELEASE_ID_KEY, 'stored-id');
    const { jar, cookies } = cookieJar(`${RELEASE_ID_COOKIE}=${SERVER_ID}`);
    expect(browserReleaseId(storage, cookies)).toBe('stored-id');
    expect(jar.written[0]).toMatch(
      /^stride_release_id=stored-id; Path=\/; Max-Age=\d+; SameSite=Lax$/,
    );
  });

  it('makes an id when there is none, and writes both', () => {
    const storage = memoryStorage();
    const { jar, cookies } = cookieJar();
    const id = browserReleaseId(storage, cookies);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(storage.getItem(RELEASE_ID_KEY)).toBe(id);
    expect(jar.cookie).toBe(`${RELEASE_ID_COOKIE}=${id}`);
  });
});
