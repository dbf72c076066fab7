import {
  Button,
  COPY,
  fieldErrorsFrom,
  SelectField,
  TextField,
  USERNAME_RULE,
  type User,
  useAuthStore,
} from '@stride/shared';
import { type ChangeEvent, type FormEvent, useMemo, useState } from 'react';
import {
  type ProfileErrors,
  type ProfileValues,
  profileChanges,
  profileValues,
  validateProfile,
} from '../profile-values';
import { timeZoneOptions } from '../time-zones';

const FIELD_ORDER: (keyof ProfileValues)[] = [
  'first_name',
  'last_name',
  'username',
  'profile_picture',
  'timezone',
];
const fieldId = (key: keyof ProfileValues) => `profile-${key}`;

/**
 * Edit profile. The store's `updateProfile` shows the spec's two toasts; on
 * a failure this form keeps everything typed and shows the API's field
 * errors (a taken username) under their fields.
 */
export function ProfileForm({ user }: { user: User }) {
  const updateProfile = useAuthStore((state) => state.updateProfile);
  const saved = useMemo(() => profileValues(user), [user]);
  const [values, setValues] = useState(saved);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [saving, setSaving] = useState(false);
  const zones = useMemo(() => timeZoneOptions(values.timezone), [values.timezone]);

  const change =
    (key: keyof ProfileValues) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      setValues((current) => ({ ...current, [key]: event.target.value }));
      setErrors((current) => ({ ...current, [key]: undefined }));
    };

  const showErrors = (found: ProfileErrors) => {
    setErrors(found);
    const first = FIELD_ORDER.find((key) => found[key]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const found = validateProfile(values);
    if (Object.keys(found).length > 0) return showErrors(found);
    const changes = profileChanges(values, saved);
    if (Object.keys(changes).length === 0) {
      setStatus({ text: 'No changes to save.', error: false });
      return;
    }
    setSaving(true);
    try {
      setValues(profileValues(await updateProfile(changes)));
      setErrors({});
    } catch (error) {
      const fields: ProfileErrors = fieldErrorsFrom(error, FIELD_ORDER);
      const known = Object.keys(fields).length > 0;
      setStatus({
        text: known
          ? COPY.fixFields
          : 'Your changes were not saved. They are still here: check your connection and try again.',
        error: true,
      });
      if (known) showErrors(fields);
    } finally {
      setSaving(false);
    }
  };

  const field = (key: keyof ProfileValues) => ({
    id: fieldId(key),
    value: values[key],
    onChange: change(key),
    error: errors[key],
  });

  return (
    <form className="profile-form" onSubmit={(event) => void submit(event)} noValidate>
      <h3 className="account__subtitle">Profile</h3>
      <div className="profile-form__row">
        <TextField {...field('first_name')} label="First name" autoComplete="given-name" required />
        <TextField {...field('last_name')} label="Last name" autoComplete="family-name" />
      </div>
      <TextField
        {...field('username')}
        label="Username"
        autoComplete="username"
        spellCheck={false}
        hint={USERNAME_RULE}
        required
      />
      <TextField
        {...field('profile_picture')}
        label="Profile picture URL"
        type="url"
        inputMode="url"
        placeholder="https://…"
        hint="Leave empty to show your initials."
      />
      <div className="profile-form__timezone">
        <SelectField
          id={fieldId('timezone')}
          label="Time zone"
          value={values.timezone}
          onChange={change('timezone')}
          options={zones}
          aria-invalid={errors.timezone ? true : undefined}
          aria-describedby={errors.timezone ? 'profile-timezone-error' : 'profile-timezone-hint'}
        />
        <p
          id={errors.timezone ? 'profile-timezone-error' : 'profile-timezone-hint'}
          className={errors.timezone ? 'ui-field__error' : 'ui-field__hint'}
        >
          {errors.timezone ?? 'Decides what counts as today and this week.'}
        </p>
      </div>
      <div className="profile-form__actions">
        <Button type="submit" variant="primary" busy={saving}>
          {saving ? 'Saving…' : 'Save profile'}
        </Button>
        <p className="profile-form__status" role="status">
          {status && !status.error ? status.text : ''}
        </p>
        {status?.error && (
          <p className="profile-form__status profile-form__status--error" role="alert">
            {status.text}
          </p>
        )}
      </div>
    </form>
  );
}
