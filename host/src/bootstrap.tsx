import { getRuntimeConfig, logError } from '@stride/shared';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { BootError } from './app/BootError';
import { startApp } from './app/startup';
import { warmUpWhenSettled } from './navigation/warm-up';
import { loadDeployment } from './releases/load-deployment';
import { runningVersion } from './releases/release-info';
import { preloadPage, registerRuntimeRemotes } from './remotes/remote-loader';
import { provideSlots } from './remotes/slots';
import { remotePageAt } from './route-table/route-table';
import { reportRemoteLoads } from './telemetry/report-remote-loads';
import '@stride/shared/base.css';
import './styles/global.css';

async function boot(): Promise<void> {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  try {
    await loadDeployment();
  } catch (error) {
    logError('Runtime config failed to load', error);
    root.render(<BootError reason={error instanceof Error ? error.message : String(error)} />);
    return;
  }
  registerRuntimeRemotes();
  provideSlots();
  // The first page's code downloads while the guard checks the session.
  preloadPage(remotePageAt(window.location.pathname));
  reportRemoteLoads({ apiBase: getRuntimeConfig().apiBase, versionOf: runningVersion });
  startApp();
  // A transition renders in slices that yield to the browser every few
  // milliseconds, so the first render of the whole shell is not one long
  // task on a slow phone's main thread (Total Blocking Time, docs/architecture.md §2).
  startTransition(() => root.render(<App />));
  warmUpWhenSettled();
}

void boot();
