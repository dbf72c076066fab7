// Types for static-server.mjs, so TypeScript callers (scripts/start.ts, the
// e2e suite) get checked calls. Keep in step with the JSDoc there.
import type { Server } from 'node:http';

export interface StaticServerOptions {
  root: string;
  port: number;
  host?: string;
  spa?: boolean;
  appConfig?: object;
}

export function startStaticServer(options: StaticServerOptions): Promise<Server>;
export function cacheControlFor(relativePath: string): string;
export function pickEncoding(acceptEncoding?: string): 'br' | 'gzip' | null;
