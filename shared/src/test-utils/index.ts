// Test helpers for every package (`@stride/shared/testing`); never imported by app code.
export * from './fetch-stub';
export { testGoal, testTask, testUser } from './fixtures';
export { recordErrorToasts } from './notify-spy';
export { type RenderAppOptions, renderApp, testQueryClient } from './render-app';
