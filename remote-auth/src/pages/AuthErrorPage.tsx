import { Link, paths, useSearchParams } from '@stride/shared';
import { describeAuthError } from '../features/auth-error/copy';
import '../features/login/auth.css';

/** Exposed as `remote_auth/AuthErrorPage`: what went wrong, and the way back. */
export default function AuthErrorPage() {
  const [query] = useSearchParams();
  const { title, detail } = describeAuthError(query.get('error'));
  return (
    <section className="auth-card" aria-labelledby="auth-error-title">
      <h1 id="auth-error-title">{title}</h1>
      <p className="auth-card__lead">{detail}</p>
      <Link to={paths.login} className="ui-button ui-button--primary">
        Back to sign in
      </Link>
    </section>
  );
}
