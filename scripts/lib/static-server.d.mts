// Types for static-server.mjs, so TypeScript callers (scripts/start.ts, the
// e2e suite) get checked calls. Keep in step with the JSDoc there.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { DeploymentDocument } from '@stride/shared/page-headers';

export interface StaticHandlerOptions {
  root: string;
  spa?: boolean;
  /**
   * The host's runtime config: served as /app-config.json, and the source of
   * its page's security headers. A function is called per request (its URLs
   * must not change; the page assets it names may).
   */
  appConfig?: DeploymentDocument | (() => DeploymentDocument);
  cacheControl?: (relativePath: string) => string;
  hidden?: (relativePath: string) => boolean;
  /** Answers a document path with HTML made for the request, or null to let the files answer. */
  page?: (
    req: IncomingMessage,
    urlPath: string,
  ) => Promise<{ html: string; headers: Record<string, string> } | null>;
}

export interface StaticServerOptions extends StaticHandlerOptions {
  port: number;
  host?: string;
}

export type StaticHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  urlPath?: string,
) => Promise<void>;

export function createStaticHandler(options: StaticHandlerOptions): StaticHandler;
export function listen(handler: StaticHandler, port: number, host?: string): Promise<Server>;
export function startStaticServer(options: StaticServerOptions): Promise<Server>;
export function cacheControlFor(relativePath: string): string;
export function pickEncoding(acceptEncoding?: string): 'br' | 'gzip' | null;
