import type { OAuthProvider } from '@stride/shared';
import { AppleLogo, GoogleLogo } from './provider-logos';

interface ProviderButtonProps {
  provider: OAuthProvider;
  busy: boolean;
  disabled: boolean;
  onClick: () => void;
}

const LABELS: Record<OAuthProvider, string> = {
  google: 'Continue with Google',
  apple: 'Continue with Apple',
};

/** A sign-in button drawn to each provider's published branding guidelines. */
export function ProviderButton({ provider, busy, disabled, onClick }: ProviderButtonProps) {
  return (
    <button
      type="button"
      className={`provider-button provider-button--${provider}`}
      onClick={onClick}
      disabled={disabled}
      aria-busy={busy}
    >
      {busy ? (
        <span className="auth-spinner auth-spinner--small" aria-hidden="true" />
      ) : provider === 'google' ? (
        <GoogleLogo />
      ) : (
        <AppleLogo />
      )}
      <span>{LABELS[provider]}</span>
    </button>
  );
}
