import { queryClient } from '@stride/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './routes';

/** What wraps the router, in the browser and in the shell rendered at build time (server/render.tsx). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </StrictMode>
  );
}

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  );
}

let router: ReturnType<typeof createBrowserRouter> | undefined;
/** Made at the first render, not at import: the shell's server render imports this module's neighbours. */
function createAppRouter() {
  router ??= createBrowserRouter(routes);
  return router;
}
