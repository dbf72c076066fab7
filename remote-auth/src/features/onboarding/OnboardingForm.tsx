import {
  Button,
  COPY,
  fieldErrorsFrom,
  paths,
  TextField,
  USERNAME_RULE,
  type User,
  useAuthStore,
} from '@stride/shared';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { completeOnboarding } from './onboarding-api';
import { useUsernameCheck } from './use-username-check';
import {
  API_FIELD_NAMES,
  ONBOARDING_FIELDS,
  type OnboardingErrors,
  type OnboardingValues,
  toOnboardingRequest,
  validateOnboarding,
} from './validation';

const USERNAME_HINTS = {
  idle: USERNAME_RULE,
  checking: 'Checking…',
  available: 'That username is available.',
  taken: 'That username is taken.',
} as const;

function initialValues(user: User): OnboardingValues {
  return {
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    username: user.username ?? '',
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    goal_title: '',
    goal_target_date: '',
  };
}

/** The first-run form: who you are, your time zone, and an optional first goal. */
export function OnboardingForm({ user }: { user: User }) {
  const navigate = useNavigate();
  const setUser = useAuthStore((state) => state.setUser);
  const [values, setValues] = useState(() => initialValues(user));
  const [errors, setErrors] = useState<OnboardingErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const usernameCheck = useUsernameCheck(values.username, user.username);

  const change = (key: keyof OnboardingValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [key]: event.target.value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateOnboarding(values);
    if (usernameCheck === 'taken') found.username = USERNAME_HINTS.taken;
    setErrors(found);
    setFormError(null);
    const firstInvalid = Object.keys(found)[0];
    if (firstInvalid) {
      document.getElementById(`onboarding-${firstInvalid}`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const { user: updated } = await completeOnboarding(toOnboardingRequest(values));
      setUser(updated);
      navigate(paths.dashboard, { replace: true });
    } catch (error) {
      const fields: OnboardingErrors = fieldErrorsFrom(error, ONBOARDING_FIELDS, API_FIELD_NAMES);
      setErrors(fields);
      setFormError(
        Object.keys(fields).length > 0
          ? COPY.fixFields
          : 'We could not save your details. Check your connection and try again.',
      );
      setSubmitting(false);
    }
  };

  const usernameError =
    errors.username ?? (usernameCheck === 'taken' ? USERNAME_HINTS.taken : undefined);

  return (
    <form
      className="onboarding-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-describedby={formError ? 'onboarding-form-error' : undefined}
    >
      <fieldset disabled={submitting}>
        <legend>About you</legend>
        <div className="onboarding-form__row">
          <TextField
            id="onboarding-first_name"
            label="First name"
            autoComplete="given-name"
            value={values.first_name}
            onChange={change('first_name')}
            error={errors.first_name}
            required
          />
          <TextField
            id="onboarding-last_name"
            label="Last name"
            autoComplete="family-name"
            value={values.last_name}
            onChange={change('last_name')}
            error={errors.last_name}
            required
          />
        </div>
        <TextField
          id="onboarding-username"
          label="Username"
          autoComplete="username"
          spellCheck={false}
          value={values.username}
          onChange={change('username')}
          error={usernameError}
          hint={usernameError ? undefined : USERNAME_HINTS[usernameCheck]}
          required
        />
        <TextField
          id="onboarding-timezone"
          label="Time zone"
          value={values.timezone}
          onChange={change('timezone')}
          error={errors.timezone}
          hint="Used for due dates and your daily summary."
        />
      </fieldset>
      <fieldset disabled={submitting}>
        <legend>Your first goal (optional)</legend>
        <TextField
          id="onboarding-goal_title"
          label="Goal"
          placeholder="e.g. Run a half marathon"
          value={values.goal_title}
          onChange={change('goal_title')}
          error={errors.goal_title}
        />
        <TextField
          id="onboarding-goal_target_date"
          label="Target date"
          type="date"
          value={values.goal_target_date}
          onChange={change('goal_target_date')}
          error={errors.goal_target_date}
        />
      </fieldset>
      {formError && (
        <p id="onboarding-form-error" className="onboarding-form__error" role="alert">
          {formError}
        </p>
      )}
      <Button type="submit" variant="primary" className="onboarding-form__submit" busy={submitting}>
        {submitting ? 'Saving…' : 'Get started'}
      </Button>
    </form>
  );
}
