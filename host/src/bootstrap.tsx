import {
  getRuntimeConfig,
  logError,
  queryClient,
  whenPageShown,
  whenSettled,
} from '@stride/shared';
import { nextTask } from '@stride/shared/next-task';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { BootError } from './app/BootError';
import {
  heldSignedInPage,
  holdsServerPage,
  releaseServerPage,
  replayEarlyClick,
  takeServerPageData,
} from './app/server-html';
import { startApp } from './app/startup';
import { startFirstPageReads } from './guard/first-page-reads';
import { HeldServerPage } from './guard/held-server-page';
import { warmUpWhenSettled } from './navigation/warm-up';
import { releaseManifest, revealApp } from './offline/last-screen';
import { LAST_SCREEN } from './offline/offline-policy';
import { whenAnswersRestored } from './offline/offline-session';
import { type LoadedDeployment, loadDeployment } from './releases/load-deployment';
import { runningVersion } from './releases/release-info';
import { preloadPage, registerRuntimeRemotes } from './remotes/remote-loader';
import { provideSlots } from './remotes/slots';
import { remotePageAt } from './route-table/route-table';
import { reportRemoteLoads } from './telemetry/report-remote-loads';
import '@stride/shared/base.css';
import './styles/global.css';

/** Drops the server's HTML (if any), and its marks on the root, and renders into an empty root. */
function freshRoot(container: HTMLElement) {
  container.replaceChildren();
  releaseServerPage(container);
  return createRoot(container);
}

/**
 * The last visit's screen, if the service worker showed one, stays until
 * the app has drawn the first page with the user's saved answers, and never
 * past LAST_SCREEN.maxShownMs (docs/architecture.md §11, "The last screen").
 */
function revealAppWhenDrawn(): void {
  releaseManifest();
  setTimeout(() => revealApp(), LAST_SCREEN.maxShownMs);
  // The answers, once restored, reach the screen in React's next render: a frame after it, reveal.
  whenPageShown(() => {
    void whenAnswersRestored()
      .then(nextTask)
      .then(nextTask)
      .then(() => requestAnimationFrame(() => revealApp()));
  });
}

async function boot(): Promise<void> {
  const container = document.getElementById('root') as HTMLElement;
  revealAppWhenDrawn();
  let deployment: LoadedDeployment;
  try {
    deployment = await loadDeployment();
  } catch (error) {
    logError('Runtime config failed to load', error);
    const reason = error instanceof Error ? error.message : String(error);
    revealApp();
    freshRoot(container).render(<BootError reason={reason} />);
    return;
  }
  registerRuntimeRemotes();
  provideSlots();
  // The first page's code downloads while the guard checks the session.
  preloadPage(remotePageAt(window.location.pathname));
  reportRemoteLoads({ apiBase: getRuntimeConfig().apiBase, versionOf: runningVersion });
  // This chunk's evaluation and the start below were one task of 66-82 ms
  // on the calibrated phone: the downloads are under way, so break it here.
  await nextTask();
  const hydrating = holdsServerPage(
    container,
    window.location.pathname,
    getRuntimeConfig().remotes,
  );
  // A page sent with its data: the cache it was drawn from, before it hydrates.
  const hasData = hydrating && takeServerPageData(queryClient);
  startApp();
  // Else the first page's API reads, once the session check says it will show.
  if (!hasData) startFirstPageReads(deployment);
  await nextTask();
  // Both in a transition: React then works in slices that yield to the
  // browser every few milliseconds, so the first render (or hydration) of
  // the whole shell is not one long task on a slow phone's main thread
  // (Total Blocking Time, docs/architecture.md §2). Outside one, hydration
  // runs in a lane React does not slice.
  if (hydrating) {
    // The page is on screen already: React takes over the same DOM, and the
    // page's own part as soon as its code has loaded (docs/architecture.md §2).
    startTransition(() => {
      const app = (
        <HeldServerPage.Provider value={heldSignedInPage(container, window.location.pathname)}>
          <App />
        </HeldServerPage.Provider>
      );
      hydrateRoot(container, app, {
        onRecoverableError: (error) => logError('Hydrating the server HTML recovered', error),
      });
    });
    whenPageShown(() => {
      replayEarlyClick();
      releaseServerPage(container);
    });
  } else {
    const root = freshRoot(container);
    startTransition(() => root.render(<App />));
    // A press held on HTML that was dropped has no button left to press: end the holding.
    replayEarlyClick();
  }
  warmUpWhenSettled();
  // Offline use (docs/architecture.md §10): after the first page, never before it.
  if (process.env.NODE_ENV === 'production') {
    whenSettled(() => {
      void import('./offline/register-worker').then(({ startServiceWorker }) =>
        startServiceWorker(),
      );
    });
  }
}

void boot();
