import { USERNAME_RULE } from '@stride/shared';
import { ONBOARDING_LABELS, ONBOARDING_SETS, ONBOARDING_SUBMIT } from './onboarding-fields';
import type { OnboardingValues } from './validation';

function OutlineField({ name, hint }: { name: keyof OnboardingValues; hint?: string }) {
  const field: { label: string; hint?: string } = ONBOARDING_LABELS[name];
  const shownHint = hint ?? field.hint;
  return (
    <div className="ui-field">
      <span className="ui-field__label">{field.label}</span>
      <span className="ui-input" />
      {shownHint && <span className="ui-field__hint">{shownHint}</span>}
    </div>
  );
}

/**
 * The onboarding form's layout with empty boxes, drawn while the session is
 * checked (the page arrives as HTML before the app knows who is signing
 * up; docs/architecture.md §2, "Pages as HTML"): the same sets, labels,
 * hints and button in the same places, then the real form, filled from the
 * user, takes their place. Hidden from screen readers, which hear the form.
 */
export function OnboardingOutline() {
  return (
    <div className="onboarding-form onboarding-form--pending" aria-hidden="true">
      <fieldset>
        <legend>{ONBOARDING_SETS.about}</legend>
        <div className="onboarding-form__row">
          <OutlineField name="first_name" />
          <OutlineField name="last_name" />
        </div>
        <OutlineField name="username" hint={USERNAME_RULE} />
        <OutlineField name="timezone" />
      </fieldset>
      <fieldset>
        <legend>{ONBOARDING_SETS.goal}</legend>
        <OutlineField name="goal_title" />
        <OutlineField name="goal_target_date" />
      </fieldset>
      <span className="ui-button ui-button--primary onboarding-form__submit">
        {ONBOARDING_SUBMIT}
      </span>
    </div>
  );
}
