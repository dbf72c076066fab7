import { useState } from 'react';
import { avatarInitials } from '../../auth/display-name';
import { logError } from '../../logger';
import type { User } from '../../types';
import './avatar.css';

type AvatarUser = Pick<
  User,
  'first_name' | 'last_name' | 'full_name' | 'username' | 'email' | 'profile_picture'
>;

/**
 * The profile picture, or initials when there is none or it fails to load
 * (docs/product.md §2; the failure is logged, docs/product.md §8). Decorative: the name is always
 * shown or announced beside it. `size` is the diameter in pixels.
 */
export function Avatar({ user, size = 28 }: { user: AvatarUser; size?: number }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = user.profile_picture;
  const box = { width: size, height: size };
  if (src && src !== failedSrc) {
    return (
      <img
        className="avatar"
        src={src}
        alt=""
        width={size}
        height={size}
        style={box}
        referrerPolicy="no-referrer"
        onError={() => {
          logError('Profile image failed to load', src);
          setFailedSrc(src);
        }}
      />
    );
  }
  return (
    <span
      className="avatar avatar--initials"
      style={{ ...box, fontSize: Math.max(11, Math.round(size * 0.4)) }}
      aria-hidden="true"
      data-testid="avatar-initials"
    >
      {avatarInitials(user)}
    </span>
  );
}
