// The dev identity provider as a process of its own, for deployments with
// several API instances (`pnpm start:scaled`): each instance points at it with
// DEV_IDP_URL instead of starting one, so a sign-in begun on one instance can
// finish on another. Same configuration as the API's (loadConfig).
import { loadConfigOrExit } from '../config.js';
import { startDevIdp } from './provider.js';

async function main() {
  const config = loadConfigOrExit();
  if (config.isProduction) {
    console.error('The dev identity provider never runs with NODE_ENV=production.');
    process.exit(1);
  }
  const idp = await startDevIdp({
    port: config.devIdpPort,
    nodeEnv: config.nodeEnv,
    googleRedirectUris: config.redirectUriAllowlist,
    appleRedirectUri: `${config.apiPublicUrl}/api/auth/oauth/apple/callback/`,
  });
  console.log(`Stride dev identity provider on ${idp.issuer}`);
  const stop = () => void idp.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
