// Loading the remotes' pages: registering their entries, one lazy component
// per page, preloading. (The release registry, which picks the versions, is
// shared/src/releases/ and deploy/.)
import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { getRuntimeConfig, logError, type RemoteName } from '@stride/shared';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

import type { RoutePage } from './route-pages';

/** A page of a remote that the host's routes may load (route-pages.ts lists them). */
export type RemotePageRef = {
  [R in RemoteName]: { remote: R; page: RoutePage<R> };
}[RemoteName];

type PageModule = { default: ComponentType };

/** Registers every remote of the runtime config (URLs decided at run time, docs/architecture.md §2). */
export function registerRuntimeRemotes(): void {
  const { remotes } = getRuntimeConfig();
  registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
}

// One lazy component per page, so revisiting a route does not suspend again.
const pages = new Map<string, LazyExoticComponent<ComponentType>>();
const keyOf = ({ remote, page }: RemotePageRef) => `${remote}/${page}`;

export function remotePage(ref: RemotePageRef): LazyExoticComponent<ComponentType> {
  const key = keyOf(ref);
  let component = pages.get(key);
  if (!component) {
    component = lazy(async () => {
      const module = await loadRemote<PageModule>(key);
      if (!module?.default) throw new Error(`Remote page ${key} did not load`);
      return module;
    });
    pages.set(key, component);
  }
  return component;
}

/**
 * "Try again": forget the remote's cached manifest, entry and pages, so the
 * next render fetches them afresh from the (maybe new) URL in the config.
 */
export function resetRemote(remote: RemoteName): void {
  const entry = getRuntimeConfig().remotes[remote];
  if (entry) registerRemotes([{ name: remote, entry }], { force: true });
  for (const key of pages.keys()) if (key.startsWith(`${remote}/`)) pages.delete(key);
}

const preloaded = new Set<string>();

/** Warms a remote page's code (on nav hover or focus, or when the browser is idle). */
export function preloadPage(ref: RemotePageRef): void {
  const key = keyOf(ref);
  if (preloaded.has(key)) return;
  preloaded.add(key);
  preloadRemote([{ nameOrAlias: ref.remote, exposes: [ref.page] }]).catch((error: unknown) => {
    preloaded.delete(key);
    logError(`Preloading ${key} failed`, error);
  });
}
