/**
 * Build-time federation config, imported by every rsbuild.config.ts (Node
 * only: never import this from browser code). Edit it to change what is
 * shared, a port or an exposed page, for all apps at once.
 */
export * from '../topology';
export { defineHostConfig, defineRemoteConfig } from './rsbuild';
export { SINGLETONS, sharedFor } from './shared-deps';
