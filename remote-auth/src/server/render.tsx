// The auth remote's sign-in and onboarding pages as HTML, rendered when it
// is built (docs/architecture.md §2, "Pages as HTML"). Each file is named
// for the page it exposes; onboarding as it first renders while the
// session is checked (its form's outline). The sign-in result pages are not sent as HTML:
// they complete the sign-in in their first effect, which races the app's
// session check at boot, and the error page reads its query string.
import { paths } from '@stride/shared';
import { renderPageHtml } from '@stride/shared/server-page';
import LoginPage from '../pages/LoginPage';
import OnboardingPage from '../pages/OnboardingPage';

export async function renderServerHtml(): Promise<Record<string, string>> {
  return {
    'LoginPage.html': renderPageHtml(<LoginPage />, paths.login),
    'OnboardingPage.html': renderPageHtml(<OnboardingPage />, paths.onboarding),
  };
}
