// Process entry: validate the configuration, start the dev identity provider
// when no real provider is configured (outside production), listen, and shut
// down gracefully on SIGTERM/SIGINT. Everything else lives in app.ts.
import { buildApp } from './app.js';
import { loadConfigOrExit, needsDevIdp } from './config.js';
import type { DevIdp } from './dev-idp/index.js';

/** How long a graceful stop may take before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfigOrExit();

  // Signal handlers before anything starts: a stop while the identity provider
  // or the app is still booting closes what has started and exits, instead of
  // leaving a half-started process on its ports.
  let devIdp: DevIdp | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app?.log.info({ signal }, 'shutting down');
    // A close that hangs must not keep the ports: exit regardless after a grace period.
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    // Fastify stops accepting, lets in-flight requests finish, then runs
    // onClose hooks (the database closes last).
    await app?.close();
    await devIdp?.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (needsDevIdp(config) && !config.devIdpUrl) {
    // Dynamic import: production never loads oidc-provider at all.
    const { startDevIdp } = await import('./dev-idp/index.js');
    devIdp = await startDevIdp({
      port: config.devIdpPort,
      nodeEnv: config.nodeEnv,
      googleRedirectUris: config.redirectUriAllowlist,
      appleRedirectUri: `${config.apiPublicUrl}/api/auth/oauth/apple/callback/`,
    });
  }

  app = await buildApp({
    config,
    devIdpIssuer: devIdp?.issuer ?? (needsDevIdp(config) ? config.devIdpUrl : undefined),
  });

  await app.listen({ port: config.port, host: config.host });
  const apiUrl = `${config.apiPublicUrl}/api (bound to ${config.host}:${config.port})`;
  app.log.info(
    devIdp
      ? `Stride API on ${apiUrl} · dev identity provider on ${devIdp.issuer}`
      : `Stride API on ${apiUrl}`,
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
