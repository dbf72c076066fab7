// Entry point loaded with `await import()` only when the dev provider is needed.
export { type DevIdp, type DevIdpOptions, startDevIdp } from './provider.js';
