import { Avatar, topBarDisplayName, useAuthStore } from '@stride/shared';
import { LogoutAllButton } from './LogoutAllButton';
import { ProfileForm } from './ProfileForm';

/** Who is signed in, their editable profile, and ending every session. */
export function AccountPanel() {
  const user = useAuthStore((state) => state.user);
  if (!user) return null;
  const name = topBarDisplayName(user);

  return (
    <section aria-labelledby="account-title" className="dashboard-panel account">
      <h2 id="account-title">Account</h2>
      <div className="account__identity">
        <Avatar user={user} size={56} />
        <div className="account__who">
          <p className="account__name">{name}</p>
          {user.email && user.email !== name && <p className="account__email">{user.email}</p>}
        </div>
      </div>
      <ProfileForm user={user} />
      <div className="account__sessions">
        <h3 className="account__subtitle">Sessions</h3>
        <p className="dashboard-panel__note">
          Signed in on a computer or phone you no longer use? End every session at once, this one
          included.
        </p>
        <LogoutAllButton />
      </div>
    </section>
  );
}
