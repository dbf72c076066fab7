// Puts the validated configuration and the clock on the instance, first of all.
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/time.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    clock: Clock;
    /** Issuer of the local dev identity provider, when it stands in for a provider. */
    devIdpIssuer: string | undefined;
  }
}

export interface ConfigPluginOptions {
  config: Config;
  clock: Clock;
  devIdpIssuer: string | undefined;
}

export default fp<ConfigPluginOptions>(
  async (app, opts) => {
    app.decorate('config', opts.config);
    app.decorate('clock', opts.clock);
    app.decorate('devIdpIssuer', opts.devIdpIssuer);
  },
  { name: 'config' },
);
