// Input limits enforced twice: by the forms, to say what is wrong before
// anything is sent, and by the API, which trusts no client. One module, so the
// two never disagree. It imports nothing, because the API loads it too
// (`@stride/shared/limits`).

/** Goals, tasks and their lists. Lengths count UTF-16 units after trimming. */
export const LIMITS = {
  titleMax: 200,
  notesMax: 10_000,
  descriptionMax: 10_000,
  pageSizeDefault: 50,
  pageSizeMax: 100,
  searchMax: 200,
} as const;

/** First and last names, and usernames (stored lower-cased). */
export const PROFILE_LIMITS = {
  nameMax: 100,
  usernameMin: 3,
  usernameMax: 30,
} as const;

/** The characters a username may use: letters, digits, dots and underscores. */
export const USERNAME_CHARS = /^[a-z0-9_.]+$/i;
