import { nextTask } from '@stride/shared/next-task';
import { listenForInstallOffer } from './install/install-offer';
import { warmLocaleData } from './locale/warm-locale-data';
import { startFetchingDeployment } from './releases/deployment-document';

// Before the async boundary, so the deployment document downloads alongside the shared chunks.
startFetchingDeployment();
// Before it too: the browser may offer installation before the app has run.
listenForInstallOffer();
// The locale data the first dates need, loaded on another core meanwhile.
warmLocaleData();

// The async boundary: shared singletons are negotiated before any app code
// runs. Evaluated in stages, each in a task of its own, so that no one
// of them holds a phone's main thread for long (docs/architecture.md §2,
// "Start-up in slices"); their files download together all the same.
async function bootInStages(): Promise<void> {
  await nextTask(); // after the federation runtime's own start
  await import('react-dom/client');
  await nextTask();
  await import('@stride/shared');
  await nextTask();
  await import('./bootstrap');
}

void bootInStages();
