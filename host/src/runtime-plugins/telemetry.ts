import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { loadSettled, loadStarted, phaseFailed, sharedFailed } from '../telemetry/remote-loads';

/**
 * Watches every remote load for the release telemetry (docs/architecture.md §9): when it
 * starts, which phase fails (a manifest failure is reported at
 * `afterResolve`, a shared module's at `errorLoadShare`; anything else that
 * stops the load is its entry or its code), and how the runtime settled it.
 * The render that ends a good load is seen by the remote route. It never
 * changes a load: every hook returns nothing, so retry and fallback work as before.
 */
export default function telemetryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'stride-telemetry',
    beforeRequest(args) {
      loadStarted(args.id);
      return args;
    },
    errorLoadRemote({ id, lifecycle }) {
      if (lifecycle === 'afterResolve') phaseFailed(id, 'manifest');
      if (lifecycle === 'beforeLoadShare') sharedFailed();
      return undefined;
    },
    errorLoadShare({ recovered }) {
      if (!recovered) sharedFailed();
    },
    afterLoadRemote({ id, error, recovered }) {
      loadSettled(id, error !== undefined || recovered === true);
    },
  };
}
