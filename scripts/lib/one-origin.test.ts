import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from '@rstest/core';
import { API_UNREACHABLE, apiProxy, routeByPath } from './one-origin';
import { listen, type StaticHandler } from './static-server';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    ),
  );
});

async function serve(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function front(handler: StaticHandler): Promise<string> {
  const server = await listen(handler, 0);
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A handler that answers with the path it was handed and a name. */
const echo =
  (name: string): StaticHandler =>
  async (_req, res, urlPath) => {
    res.end(`${name} ${urlPath}`);
  };

describe('routeByPath', () => {
  it('hands a mount the path below its prefix, or the whole path, and everything else to the fallback', async () => {
    const url = await front(
      routeByPath(
        [
          { prefix: '/remotes/remote_tasks/', handler: echo('tasks'), strip: true },
          { prefix: '/api/', handler: echo('api'), strip: false },
        ],
        echo('host'),
      ),
    );
    const text = async (path: string) => (await fetch(`${url}${path}`)).text();
    expect(await text('/remotes/remote_tasks/mf-manifest.json')).toBe('tasks /mf-manifest.json');
    expect(await text('/api/tasks/?view=today')).toBe('api /api/tasks/');
    // A prefix is a folder: a sibling name that starts the same is not under it.
    expect(await text('/remotes/remote_tasks2/x.js')).toBe('host /remotes/remote_tasks2/x.js');
    expect(await text('/apiary')).toBe('host /apiary');
    expect(await text('/tasks')).toBe('host /tasks');
  });
});

describe('apiProxy', () => {
  it('passes method, path, body and headers both ways, and names the client itself', async () => {
    const seen: { method?: string; url?: string; forwardedFor?: string; body?: string } = {};
    const api = await serve((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        Object.assign(seen, {
          method: req.method,
          url: req.url,
          forwardedFor: req.headers['x-forwarded-for'],
          body,
        });
        res.writeHead(201, { 'Set-Cookie': 'sid=1; HttpOnly', 'Content-Type': 'application/json' });
        res.end('{"ok":true}');
      });
    });
    const url = await front(apiProxy(api));
    const response = await fetch(`${url}/api/tasks/?a=1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.7' },
      body: '{"title":"Buy milk"}',
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('set-cookie')).toBe('sid=1; HttpOnly');
    expect(await response.json()).toEqual({ ok: true });
    // A client's own X-Forwarded-For is replaced by the address that connected.
    expect(seen).toEqual({
      method: 'POST',
      url: '/api/tasks/?a=1',
      forwardedFor: '127.0.0.1',
      body: '{"title":"Buy milk"}',
    });
  });

  it('answers 503 in the API error shape while the API is down', async () => {
    // An address nothing listens on any more.
    const down = await serve(() => {});
    await new Promise<void>((resolve) => servers.pop()?.close(() => resolve()));
    const url = await front(apiProxy(down));
    const response = await fetch(`${url}/api/health/`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual(API_UNREACHABLE);
  });

  it('streams an answer as it comes, and a client that leaves ends the request at the API', async () => {
    let apiSide: IncomingMessage | undefined;
    const apiClosed = new Promise<void>((resolve) => {
      void serve((req, res) => {
        apiSide = req;
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.write('data: first\n\n');
        res.once('close', () => resolve());
      }).then(async (api) => {
        const url = await front(apiProxy(api));
        const controller = new AbortController();
        const response = await fetch(`${url}/api/events/`, { signal: controller.signal });
        const reader = response.body?.getReader();
        const first = await reader?.read();
        expect(new TextDecoder().decode(first?.value)).toBe('data: first\n\n');
        controller.abort();
      });
    });
    await apiClosed;
    expect(apiSide).toBeDefined();
    // A hang here is the failure: the API would keep serving a reader who left.
  }, 10_000);
});
