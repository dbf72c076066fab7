// Test helpers for every package (`@stride/shared/testing`); never imported by app code.
export { type ApiCall, fakeApi, readsOf } from './fake-api';
export { hanging, type SeenRequest, stubFetch } from './fetch-stub';
export { testGoal, testTask, testUser } from './fixtures';
export { hydrateServerPage, takeOverServerPage } from './hydrate-server-page';
export { json, network, networkError } from './network';
export { recordErrorToasts } from './notify-spy';
export { type RenderAppOptions, renderApp, testQueryClient } from './render-app';
