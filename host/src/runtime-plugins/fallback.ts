import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Second line of defence: when a remote still cannot load, hand the router a
 * module whose page says so and offers "Try again", instead of a blank app.
 * Only at `onLoad`: at `afterResolve` a return value is read as a manifest.
 */
export default function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'stride-fallback',
    async errorLoadRemote({ id, error, lifecycle }) {
      if (lifecycle !== 'onLoad') return undefined;
      // Imported lazily: this file runs before the shared React is negotiated.
      const { createFallbackModule } = await import('../remotes/RemoteUnavailable');
      return createFallbackModule(id, error);
    },
  };
}
