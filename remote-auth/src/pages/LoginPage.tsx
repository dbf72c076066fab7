import { type OAuthProvider, paths, useAuthStore } from '@stride/shared';
import { useState } from 'react';
import { ProviderButton } from '../features/login/ProviderButton';
import '../features/login/auth.css';

/** Where Google sends the browser back: this deployment's own callback page. */
function redirectUriFor(provider: OAuthProvider): string | undefined {
  return provider === 'google' ? `${window.location.origin}${paths.authCallback}` : undefined;
}

/** Exposed as `remote_auth/LoginPage`. */
export default function LoginPage() {
  const initiateOAuth = useAuthStore((state) => state.initiateOAuth);
  const [busy, setBusy] = useState<OAuthProvider | null>(null);

  const signIn = async (provider: OAuthProvider) => {
    if (busy) return;
    setBusy(provider);
    const url = await initiateOAuth(provider, redirectUriFor(provider));
    if (url) {
      window.location.assign(url);
      return; // stay busy while the browser leaves
    }
    setBusy(null);
  };

  return (
    <section className="auth-card" aria-labelledby="login-title">
      <h1 id="login-title">Sign in to Stride</h1>
      <p className="auth-card__lead">
        Set goals that matter, break them into tasks, and see your progress every day.
      </p>
      <div className="auth-card__providers">
        {(['google', 'apple'] as const).map((provider) => (
          <ProviderButton
            key={provider}
            provider={provider}
            busy={busy === provider}
            disabled={busy !== null}
            onClick={() => void signIn(provider)}
          />
        ))}
      </div>
      <p className="auth-card__fine-print">
        We only use your name and email to set up your account.
      </p>
    </section>
  );
}
