import type { User } from '@stride/shared';
import { profileValues } from '../profile-values';
import { PROFILE_FIELDS } from './profile-fields';

type Key = keyof typeof PROFILE_FIELDS;

function OutlineField({ name, value }: { name: Key; value: string }) {
  const field: { label: string; hint?: string } = PROFILE_FIELDS[name];
  return (
    <div className="ui-field">
      <span className="ui-field__label">{field.label}</span>
      <span className="ui-input profile-outline__value">{value}</span>
      {field.hint && <span className="ui-field__hint">{field.hint}</span>}
    </div>
  );
}

/**
 * The profile form's layout, drawn at once with the user's current values
 * while the form itself (and react-hook-form) loads: the same labels, hints
 * and boxes in the same places, then the real fields take their place. It is
 * hidden from screen readers, which hear the form when it arrives.
 */
export function ProfileOutline({ user }: { user: User }) {
  const values = profileValues(user);
  return (
    <div className="profile-form profile-form--pending" aria-hidden="true">
      <h3 className="account__subtitle">Profile</h3>
      <div className="profile-form__row">
        <OutlineField name="first_name" value={values.first_name} />
        <OutlineField name="last_name" value={values.last_name} />
      </div>
      <OutlineField name="username" value={values.username} />
      <OutlineField name="profile_picture" value={values.profile_picture} />
      <div className="profile-form__timezone">
        <OutlineField name="timezone" value={values.timezone} />
      </div>
      <div className="profile-form__actions">
        <span className="ui-button ui-button--primary profile-outline__button">Save profile</span>
      </div>
    </div>
  );
}
