import {
  Button,
  COPY,
  paths,
  resolverFrom,
  showServerErrors,
  TextField,
  USERNAME_RULE,
  type User,
  useAuthStore,
  useNavigate,
} from '@stride/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';

import { completeOnboarding } from './onboarding-api';
import { dropDraft, readDraft, saveDraft } from './onboarding-draft';
import { ONBOARDING_LABELS, ONBOARDING_SETS, ONBOARDING_SUBMIT } from './onboarding-fields';
import { useUsernameCheck } from './use-username-check';
import {
  API_FIELD_NAMES,
  ONBOARDING_FIELDS,
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
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, watch, formState } = useForm<OnboardingValues>({
    // What was typed before a trip to another page wins over the provider's values.
    defaultValues: { ...initialValues(user), ...readDraft(user.id) },
    resolver: resolverFrom((values: OnboardingValues) => validateOnboarding(values)),
  });
  const { errors, isSubmitting } = formState;
  const usernameCheck = useUsernameCheck(watch('username'), user.username);

  useEffect(() => {
    const typing = watch((values) => saveDraft(user.id, values));
    return () => typing.unsubscribe();
  }, [watch, user.id]);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    if (usernameCheck === 'taken') {
      setError('username', { type: 'taken', message: USERNAME_HINTS.taken }, { shouldFocus: true });
      return;
    }
    try {
      const { user: updated } = await completeOnboarding(toOnboardingRequest(values));
      dropDraft(user.id);
      setUser(updated);
      navigate(paths.dashboard, { replace: true });
    } catch (error) {
      const marked = showServerErrors(setError, error, ONBOARDING_FIELDS, API_FIELD_NAMES);
      setFormError(
        marked
          ? COPY.fixFields
          : 'We could not save your details. Check your connection and try again.',
      );
    }
  });

  const usernameError =
    errors.username?.message ?? (usernameCheck === 'taken' ? USERNAME_HINTS.taken : undefined);

  return (
    <form
      className="onboarding-form"
      onSubmit={submit}
      noValidate
      aria-describedby={formError ? 'onboarding-form-error' : undefined}
    >
      <fieldset disabled={isSubmitting}>
        <legend>{ONBOARDING_SETS.about}</legend>
        <div className="onboarding-form__row">
          <TextField
            id="onboarding-first_name"
            label={ONBOARDING_LABELS.first_name.label}
            autoComplete="given-name"
            error={errors.first_name?.message}
            required
            {...register('first_name')}
          />
          <TextField
            id="onboarding-last_name"
            label={ONBOARDING_LABELS.last_name.label}
            autoComplete="family-name"
            error={errors.last_name?.message}
            required
            {...register('last_name')}
          />
        </div>
        <TextField
          id="onboarding-username"
          label={ONBOARDING_LABELS.username.label}
          autoComplete="username"
          spellCheck={false}
          error={usernameError}
          hint={usernameError ? undefined : USERNAME_HINTS[usernameCheck]}
          required
          {...register('username')}
        />
        <TextField
          id="onboarding-timezone"
          label={ONBOARDING_LABELS.timezone.label}
          error={errors.timezone?.message}
          hint={ONBOARDING_LABELS.timezone.hint}
          {...register('timezone')}
        />
      </fieldset>
      <fieldset disabled={isSubmitting}>
        <legend>{ONBOARDING_SETS.goal}</legend>
        <TextField
          id="onboarding-goal_title"
          label={ONBOARDING_LABELS.goal_title.label}
          placeholder="e.g. Run a half marathon"
          error={errors.goal_title?.message}
          {...register('goal_title')}
        />
        <TextField
          id="onboarding-goal_target_date"
          label={ONBOARDING_LABELS.goal_target_date.label}
          type="date"
          error={errors.goal_target_date?.message}
          {...register('goal_target_date')}
        />
      </fieldset>
      {formError && (
        <p id="onboarding-form-error" className="onboarding-form__error" role="alert">
          {formError}
        </p>
      )}
      <Button
        type="submit"
        variant="primary"
        className="onboarding-form__submit"
        busy={isSubmitting}
      >
        {isSubmitting ? 'Saving…' : ONBOARDING_SUBMIT}
      </Button>
    </form>
  );
}
