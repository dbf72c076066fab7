import { type Static, Type } from '@sinclair/typebox';
import { LIMITS, PROFILE_LIMITS, rawMax } from '../limits';
import { IsoDate, Nullable } from './schema-helpers';

const userProperties = {
  id: Type.String(),
  email: Nullable(Type.String()),
  username: Nullable(Type.String()),
  first_name: Nullable(Type.String()),
  last_name: Nullable(Type.String()),
  full_name: Nullable(Type.String()),
  profile_picture: Nullable(Type.String()),
  /** IANA time zone (e.g. "Europe/Paris"); decides what "today" means for due dates. */
  timezone: Nullable(Type.String()),
  onboarding_completed: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
};

export const UserSchema = Type.Object(userProperties, { $id: 'User' });
export type User = Static<typeof UserSchema>;

export const AuthStatusSchema = Type.Object({
  authenticated: Type.Boolean(),
  // A nullable copy rather than anyOf or a $ref: this route is the hottest.
  user: Type.Unsafe<User | null>({ ...Type.Object(userProperties), type: ['object', 'null'] }),
});
export type AuthStatus = Static<typeof AuthStatusSchema>;

// Profile fields as they arrive: raw caps (twice each limit); the API trims,
// then checks the limits themselves.
const name = Type.String({ maxLength: rawMax(PROFILE_LIMITS.nameMax) });
const username = Type.String({ maxLength: rawMax(PROFILE_LIMITS.usernameMax) });
const timezone = Nullable(Type.String({ maxLength: PROFILE_LIMITS.timezoneMax }));

export const ProfileUpdateSchema = Type.Object(
  {
    first_name: Type.Optional(name),
    last_name: Type.Optional(Nullable(name)),
    username: Type.Optional(username),
    profile_picture: Type.Optional(Nullable(Type.String({ maxLength: LIMITS.urlMax }))),
    timezone: Type.Optional(timezone),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type ProfileUpdate = Static<typeof ProfileUpdateSchema>;

export const OnboardingSchema = Type.Object(
  {
    first_name: name,
    last_name: name,
    username,
    timezone: Type.Optional(timezone),
    first_goal: Type.Optional(
      Type.Unsafe<{ title: string; target_date?: string | null } | null>({
        ...Type.Object(
          {
            title: Type.String({ maxLength: rawMax(LIMITS.titleMax) }),
            target_date: Type.Optional(Nullable(IsoDate)),
          },
          { additionalProperties: false },
        ),
        type: ['object', 'null'],
      }),
    ),
  },
  { additionalProperties: false },
);
export type OnboardingInput = Static<typeof OnboardingSchema>;

export const UsernameQuerySchema = Type.Object({ username }, { additionalProperties: false });
