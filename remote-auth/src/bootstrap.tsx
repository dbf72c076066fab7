import { paths } from '@stride/shared';
import { renderStandalone } from '@stride/shared/standalone';
import AuthCallbackPage from './pages/AuthCallbackPage';
import AuthErrorPage from './pages/AuthErrorPage';
import AuthSuccessPage from './pages/AuthSuccessPage';
import LoginPage from './pages/LoginPage';
import OnboardingPage from './pages/OnboardingPage';

void renderStandalone('remote-auth', [
  { path: paths.login, label: 'Login', Component: LoginPage },
  { path: paths.authCallback, label: 'Callback', Component: AuthCallbackPage },
  { path: paths.authSuccess, label: 'Success', Component: AuthSuccessPage },
  { path: paths.authError, label: 'Error', Component: AuthErrorPage },
  { path: paths.onboarding, label: 'Onboarding', Component: OnboardingPage },
]);
