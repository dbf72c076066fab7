import {
  Button,
  COPY,
  resolverFrom,
  SelectField,
  showServerErrors,
  TextField,
  type User,
  useAuthStore,
} from '@stride/shared';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type ProfileValues,
  profileChanges,
  profileValues,
  validateProfile,
} from '../profile-values';
import { timeZoneOptions } from '../time-zones';
import { PROFILE_FIELDS } from './profile-fields';

const FIELD_ORDER = [
  'first_name',
  'last_name',
  'username',
  'profile_picture',
  'timezone',
] as const satisfies readonly (keyof ProfileValues)[];
const fieldId = (key: keyof ProfileValues) => `profile-${key}`;

/**
 * Edit profile. The store's `updateProfile` shows the spec's two toasts; on
 * a failure this form keeps everything typed and shows the API's field
 * errors (a taken username) under their fields.
 */
export function ProfileForm({ user }: { user: User }) {
  const updateProfile = useAuthStore((state) => state.updateProfile);
  const saved = useMemo(() => profileValues(user), [user]);
  const { register, handleSubmit, setError, reset, watch, formState } = useForm<ProfileValues>({
    defaultValues: saved,
    resolver: resolverFrom(validateProfile),
  });
  const { errors, isSubmitting } = formState;
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const timezone = watch('timezone');
  const zones = useMemo(() => timeZoneOptions(timezone), [timezone]);

  const submit = handleSubmit(async (values) => {
    setStatus(null);
    const changes = profileChanges(values, saved);
    if (Object.keys(changes).length === 0) {
      setStatus({ text: 'No changes to save.', error: false });
      return;
    }
    try {
      reset(profileValues(await updateProfile(changes)));
    } catch (error) {
      const known = showServerErrors(setError, error, FIELD_ORDER);
      setStatus({
        text: known
          ? COPY.fixFields
          : 'Your changes were not saved. They are still here: check your connection and try again.',
        error: true,
      });
    }
  });

  const field = (key: keyof ProfileValues) => ({
    id: fieldId(key),
    error: errors[key]?.message,
    ...register(key),
  });

  return (
    <form className="profile-form" onSubmit={submit} noValidate>
      <h3 className="account__subtitle">Profile</h3>
      <div className="profile-form__row">
        <TextField
          {...field('first_name')}
          label={PROFILE_FIELDS.first_name.label}
          autoComplete="given-name"
          required
        />
        <TextField
          {...field('last_name')}
          label={PROFILE_FIELDS.last_name.label}
          autoComplete="family-name"
        />
      </div>
      <TextField
        {...field('username')}
        label={PROFILE_FIELDS.username.label}
        autoComplete="username"
        spellCheck={false}
        hint={PROFILE_FIELDS.username.hint}
        required
      />
      <TextField
        {...field('profile_picture')}
        label={PROFILE_FIELDS.profile_picture.label}
        type="url"
        inputMode="url"
        placeholder="https://…"
        hint={PROFILE_FIELDS.profile_picture.hint}
      />
      <div className="profile-form__timezone">
        <SelectField
          {...field('timezone')}
          // Controlled: its options are built from the value, after react-hook-form sets it.
          value={timezone}
          label={PROFILE_FIELDS.timezone.label}
          options={zones}
          hint={PROFILE_FIELDS.timezone.hint}
        />
      </div>
      <div className="profile-form__actions">
        <Button type="submit" variant="primary" busy={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save profile'}
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
