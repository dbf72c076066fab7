import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Navigate, Route, Routes } from 'react-router-dom';
import { useAuthStore } from '../auth/auth-store';
import { loadRuntimeConfig } from '../config/runtime-config';
import { queryClient } from '../data/query-client';
import { logError } from '../logger';
import { markPageShown } from '../ui/deferred-module';
import { Toasts } from '../ui/toasts/Toasts';
import '../ui/base.css';

export interface StandalonePage {
  path: string;
  label: string;
  Component: ComponentType;
}

/**
 * A remote's standalone dev page: its pages under a bare router, with the
 * shared store signed in from the real API, and no host. For the team that
 * owns the remote; the composed app never loads this.
 */
export async function renderStandalone(title: string, pages: StandalonePage[]): Promise<void> {
  await loadRuntimeConfig().catch((error: unknown) =>
    logError('Standalone page: using the default API base', error),
  );
  void useAuthStore.getState().initialize();
  const container = document.getElementById('root');
  if (!container) throw new Error('No #root element');
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <nav
            aria-label="Standalone pages"
            style={{
              display: 'flex',
              gap: '1rem',
              padding: '0.5rem 1rem',
              borderBottom: '1px solid #8884',
            }}
          >
            <strong>{title} (standalone)</strong>
            {pages.map((page) => (
              <Link key={page.path} to={page.path}>
                {page.label}
              </Link>
            ))}
          </nav>
          <main style={{ padding: '1rem' }}>
            <Routes>
              {pages.map(({ path, Component }) => (
                <Route key={path} path={path} element={<Component />} />
              ))}
              <Route path="*" element={<Navigate to={pages[0]?.path ?? '/'} replace />} />
            </Routes>
          </main>
          <Toasts />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
  // No host here to say the first page is up: deferred work may start.
  markPageShown();
}
