// The OpenAPI document, judged by a tool that is not ours (Redocly CLI's
// recommended rules, api/redocly.yaml), and its `security` checked against
// what the gate of routes/signed-in.ts really does.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { API_PREFIX } from '../src/app.js';
import { APP, makeApp, type TestApp } from './helpers.js';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
}
type Document = { paths: Record<string, Record<string, Operation>> };

const API_DIR = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const REDOCLY = path.join(
  path.dirname(require.resolve('@redocly/cli/package.json')),
  (require('@redocly/cli/package.json') as { bin: Record<string, string> }).bin.redocly ?? '',
);

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await makeApp(undefined);
  const res = await t.app.inject({ url: `${API_PREFIX}/openapi.json` });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

/** Redocly's own verdict on a file: its JSON report, whatever the exit code. */
async function lint(file: string) {
  const child = spawn(
    process.execPath,
    [REDOCLY, 'lint', file, '--config', path.join(API_DIR, 'redocly.yaml'), '--format=json'],
    // No usage report or update check: the run must not reach for the network.
    { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const [code] = await once(child, 'close');
  const start = stdout.indexOf('{');
  if (start < 0) throw new Error(`redocly exited ${code} without a report: ${stderr}`);
  return JSON.parse(stdout.slice(start)) as {
    totals: { errors: number; warnings: number };
    problems: { ruleId: string; message: string; location: { pointer?: string }[] }[];
  };
}

const operations = () =>
  Object.entries(doc.paths).flatMap(([url, item]) =>
    Object.entries(item).map(([method, operation]) => ({ url, method, operation })),
  );

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stride-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      fs.writeFileSync(file, JSON.stringify(doc));
      const report = await lint(file);
      const problems = report.problems.map(
        (p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`,
      );
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('declares the session on exactly the operations that answer 401 without one', async () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(20);
    for (const { url, method, operation } of ops) {
      const res = await t.app.inject({
        method: method.toUpperCase() as 'GET',
        url: `${API_PREFIX}${url.replace('{id}', '00000000-0000-4000-8000-000000000000')}`,
        // An allowed origin, so the Origin check lets the request reach the gate.
        headers: { origin: APP },
      });
      const gated = res.statusCode === 401;
      expect({ url, method, security: operation.security }).toEqual({
        url,
        method,
        security: gated ? [{ session: [] }] : [],
      });
    }
  });

  it('names every operation once', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/goals/{id}/restore/']?.post?.operationId).toBe('postGoalsByIdRestore');
  });

  it('lists the saved views, and where a filter went wrong in the error body', () => {
    expect(Object.keys(doc.paths['/views/'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/views/{id}/'] ?? {}).sort()).toEqual(['delete', 'patch']);
    const schemas = (doc as { components?: { schemas?: Record<string, unknown> } }).components
      ?.schemas;
    expect(schemas?.TaskView).toBeDefined();
    expect(schemas?.Error).toMatchObject({ properties: { position: { type: 'integer' } } });
  });
});
