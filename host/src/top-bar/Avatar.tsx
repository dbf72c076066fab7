import { avatarInitials, logError, type User } from '@stride/shared';
import { useState } from 'react';

/** The profile picture, or initials when there is none or it fails to load. */
export function Avatar({ user }: { user: User }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = user.profile_picture;
  if (src && src !== failedSrc) {
    return (
      <img
        className="avatar"
        src={src}
        alt=""
        width={28}
        height={28}
        referrerPolicy="no-referrer"
        onError={() => {
          logError('Profile image failed to load', src);
          setFailedSrc(src);
        }}
      />
    );
  }
  return (
    <span className="avatar avatar--initials" aria-hidden="true" data-testid="avatar-initials">
      {avatarInitials(user)}
    </span>
  );
}
