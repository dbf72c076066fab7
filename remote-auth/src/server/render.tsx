// The auth remote's pages as HTML, rendered when it is built
// (docs/architecture.md §2, "The sign-in page as HTML"). Each file is named
// for the page it exposes; the error page is left out, as it reads the
// query string.
import { paths } from '@stride/shared';
import { renderPageHtml } from '@stride/shared/server-page';
import AuthCallbackPage from '../pages/AuthCallbackPage';
import AuthSuccessPage from '../pages/AuthSuccessPage';
import LoginPage from '../pages/LoginPage';

export async function renderServerHtml(): Promise<Record<string, string>> {
  return {
    'LoginPage.html': renderPageHtml(<LoginPage />, paths.login),
    'AuthCallbackPage.html': renderPageHtml(<AuthCallbackPage />, paths.authCallback),
    'AuthSuccessPage.html': renderPageHtml(<AuthSuccessPage />, paths.authSuccess),
  };
}
