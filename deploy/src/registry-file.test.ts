import * as fs from 'node:fs';
import { appendFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@rstest/core';
import type { Registry } from '@stride/shared/releases';
import {
  appendHistory,
  type DurableFs,
  loadRegistry,
  readHistory,
  writeRegistry,
} from './registry-file';
import { tempStore, V1 } from './test-support/store';

const valid: Registry = {
  apiBase: 'http://localhost:8000/api',
  releaseBase: 'http://localhost:3010',
  apps: { remote_goals: { live: V1, canary: null, previous: [] } },
};

describe('the registry file', () => {
  it('starts empty, with this machine’s API and store URLs', () => {
    // One origin (docs/architecture.md §3): both under the host's.
    expect(loadRegistry(tempStore(), { HOST_PORT: '3100' })).toEqual({
      apiBase: 'http://localhost:3100/api',
      releaseBase: 'http://localhost:3100/releases',
      apps: {},
    });
    const perApp = { ORIGIN_LAYOUT: 'per-app', API_PORT: '8100', RELEASE_PORT: '3110' };
    expect(loadRegistry(tempStore(), perApp)).toEqual({
      apiBase: 'http://localhost:8100/api',
      releaseBase: 'http://localhost:3110',
      apps: {},
    });
  });

  it('writes whole documents and reads them back; no temporary file stays', () => {
    const store = tempStore();
    writeRegistry(store, valid);
    expect(loadRegistry(store, {})).toEqual(valid);
    expect(readdirSync(store)).toEqual(['registry.json']);
  });

  it('flushes the new document to disk before the rename, and the folder after it', () => {
    const store = tempStore();
    const steps: string[] = [];
    const paths = new Map<number, string>();
    const name = (path: string) => (path === store ? 'folder' : path.split('/').at(-1));
    const watched: DurableFs = {
      openSync: (path, flags) => {
        const fd = fs.openSync(path, flags);
        paths.set(fd, name(path) ?? path);
        return fd;
      },
      writeSync: (fd, text) => {
        steps.push(`write ${paths.get(fd)}`);
        return fs.writeSync(fd, text);
      },
      fsyncSync: (fd) => {
        steps.push(`flush ${paths.get(fd)}`);
        fs.fsyncSync(fd);
      },
      closeSync: (fd) => fs.closeSync(fd),
      renameSync: (from, to) => {
        steps.push(`rename ${name(from)} → ${name(to)}`);
        fs.renameSync(from, to);
      },
    };
    writeRegistry(store, valid, watched);
    const temporary = `.registry.json.${process.pid}.tmp`;
    expect(steps).toEqual([
      `write ${temporary}`,
      `flush ${temporary}`,
      `rename ${temporary} → registry.json`,
      'flush folder',
    ]);
    expect(loadRegistry(store, {})).toEqual(valid);
  });

  it('a write that fails (a full disk) leaves the old registry and no temporary file', () => {
    const store = tempStore();
    writeRegistry(store, valid);
    const before = readFileSync(join(store, 'registry.json'), 'utf8');
    const full: DurableFs = {
      ...fs,
      fsyncSync: () => {
        throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      },
    };
    expect(() => writeRegistry(store, { ...valid, apps: {} }, full)).toThrow('ENOSPC');
    expect(readFileSync(join(store, 'registry.json'), 'utf8')).toBe(before);
    expect(readdirSync(store)).toEqual(['registry.json']);
  });

  it('refuses to write an invalid registry, and the old one stays', () => {
    const store = tempStore();
    writeRegistry(store, valid);
    const before = readFileSync(join(store, 'registry.json'), 'utf8');
    const broken = {
      ...valid,
      apps: { remote_goals: { live: V1, canary: { version: V1, percent: 10 }, previous: [] } },
    };
    expect(() => writeRegistry(store, broken)).toThrow('is the live version');
    expect(readFileSync(join(store, 'registry.json'), 'utf8')).toBe(before);
  });

  it('reads the last history entries, skipping a torn line', () => {
    const store = tempStore();
    for (const to of ['a', 'b', 'c']) {
      appendHistory(store, {
        time: '2026-11-24T10:00:00.000Z',
        user: 'u',
        action: 'promote',
        app: 'remote_goals',
        from: null,
        to,
      });
    }
    appendFileSync(join(store, 'history.jsonl'), '{"time": "2026-11');
    expect(readHistory(store, 2).map((entry) => entry.to)).toEqual(['b', 'c']);
    writeFileSync(join(store, 'history.jsonl'), 'not json\n');
    expect(readHistory(store, 5)).toEqual([]);
  });
});
