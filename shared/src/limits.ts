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
  /**
   * A task's place in its user's own order (a fractional-indexing key). A key
   * grows about one character for every six moves into the very same gap;
   * the cursor of a page holds it too, so it stays within a cursor's 100.
   */
  positionMax: 100,
  /** Steps in one task's checklist. */
  subtasksMax: 50,
  /** A repeat rule's RRULE text. */
  repeatRuleMax: 200,
  /** "Every N days/weeks/months/years": N at most. */
  repeatIntervalMax: 999,
  /**
   * How far ahead a repeat rule is looked at (ten years and a bit): a rule
   * with no day in that span from its start never comes round, and no
   * evaluation of a rule costs more steps than this.
   */
  repeatHorizonDays: 3_660,
  /**
   * The calendar days a date field takes (due dates, target dates, an
   * import's dates): far enough either way for any real plan, and no date
   * arithmetic ever walks centuries.
   */
  dateMin: '1900-01-01',
  dateMax: '2199-12-31',
  /** The Upcoming view: how many days ahead, and how many entries at most. */
  agendaDays: 14,
  agendaMax: 500,
  /** A calendar feed lists at most this many tasks, the soonest due first. */
  calendarFeedTasksMax: 1000,
  /** Import: the file's size, and how many goals and tasks one file may add. */
  importChars: 10_000_000,
  importRecordsMax: 10_000,
  /**
   * Lines of a Todoist CSV (tasks, sub-tasks, notes, sections): reading
   * stops past this many, so a huge file costs no more than a full one.
   */
  importLinesMax: 50_000,
  /** Finished occurrences of one repeating task an export carries (13 years of a daily task), and of one file. */
  completionsPerTaskMax: 5_000,
  importCompletionsMax: 50_000,
  /** Problems an import report lists (the count says how many more). */
  importProblemsShown: 100,
  /** Labels: a name's length, how many one user keeps, how many one task carries. */
  labelNameMax: 40,
  labelsPerUser: 200,
  labelsPerTask: 10,
  /**
   * A filter query (`today & @errand`): its length, its terms and how deep
   * its parentheses go, so no query costs more than a handful of joins.
   */
  filterMax: 300,
  filterTermsMax: 20,
  filterDepthMax: 6,
  /** Saved filter views one user keeps, and a view's name. */
  viewsPerUser: 50,
  viewNameMax: 60,
  /**
   * Reminders: how many one task carries, and how long before a timed due
   * date one may be (a week).
   */
  remindersPerTask: 5,
  reminderBeforeMaxMinutes: 10_080,
  /** Browsers one user may have subscribed to Web Push; the oldest goes past this. */
  pushSubscriptionsPerUser: 20,
  /** A push subscription's endpoint URL and its keys (base64url). */
  pushEndpointMax: 1024,
  pushKeyMax: 256,
  /** Any URL we accept (a redirect URI, a picture). */
  urlMax: 2048,
} as const;

/** First and last names, usernames (stored lower-cased) and time zones. */
export const PROFILE_LIMITS = {
  nameMax: 100,
  usernameMin: 3,
  usernameMax: 30,
  /** The longest IANA zone name is 32 characters; room for aliases. */
  timezoneMax: 64,
} as const;

/**
 * The API's schemas cap raw text before it is trimmed and checked against the
 * limits above: twice the limit, so whitespace around a valid value is never a
 * schema error, while absurd input stops at the edge.
 */
export const rawMax = (limit: number) => limit * 2;

/** The characters a username may use: letters, digits, dots and underscores. */
export const USERNAME_CHARS = /^[a-z0-9_.]+$/i;

/**
 * Live sync: the API's per-user change stream, the header a tab
 * names itself with on its writes (so it can skip its own echo), and the
 * stream's heartbeat and reconnect delay.
 */
export const LIVE_SYNC = {
  path: '/events/',
  clientHeader: 'x-stride-client',
  /**
   * On a list answer (tasks, goals, labels, saved views, the dashboard): the
   * user's data version read before the data, so the answer holds every
   * write up to it. A page sent with its data carries the lowest of its
   * reads', and the stream's first `ready` then refetches nothing when the
   * version has not moved since (docs/architecture.md §2, "Pages with data").
   */
  versionHeader: 'x-stride-data-version',
  heartbeatMs: 15_000,
  retryMs: 2_000,
  /**
   * Open streams one user may hold on one API instance (tabs times devices),
   * and all users together: past either the stream is refused with a 429
   * before it starts (LIVE_SYNC_STREAMS_PER_USER, LIVE_SYNC_STREAMS_MAX).
   */
  streamsPerUserMax: 10,
  streamsMax: 5_000,
  /** The Retry-After of that 429, in seconds. */
  refusedRetrySeconds: 30,
  /**
   * A stream's longest life (LIVE_SYNC_LIFETIME_SECONDS): the server then ends
   * it and the browser reconnects, showing its session again. Up to a tenth
   * more at random, so streams opened together do not all come back at once.
   */
  lifetimeMs: 30 * 60_000,
  /**
   * A stream whose writes the client does not take (the socket's buffer is
   * full) is sent nothing more, and is ended if it has not drained within
   * this long (LIVE_SYNC_DRAIN_SECONDS).
   */
  drainMs: 10_000,
} as const;

/**
 * Remote-load telemetry (docs/architecture.md §9): where the host reports loads and how
 * many one batch may carry. The API enforces the same number.
 *
 * Reports are anonymous, so the figures count browsers, not reports: each
 * browser (the random id it keeps in localStorage, with its address) counts
 * once per version, as failing when most of its loads of it failed; a
 * browser reporting more than a person could is left out, and one address
 * counts as a few browsers at most. A verdict needs many browsers.
 */
export const REMOTE_LOADS = {
  path: '/telemetry/remote-loads/',
  /** Operators' figures per version (METRICS_TOKEN): the registry's status and canary watcher. */
  statsPath: '/telemetry/remote-loads/stats/',
  batchMax: 50,
  /** The browser's id: 16 to 64 of A-Z, a-z, 0-9, _ and - (a UUID fits). */
  clientIdMin: 16,
  clientIdMax: 64,
  /** Loads of one version a browser may report per minute of the window (on average) and still count. */
  clientLoadsPerMinuteMax: 4,
  /** Browsers counted per address and version (an IPv6 address by its /64; TELEMETRY_CLIENTS_PER_ADDRESS). */
  clientsPerAddressMax: 3,
  /** No canary verdict before this many browsers loaded it (the watcher's CANARY_MIN_CLIENTS). */
  canaryMinClients: 20,
  /** The figures' window: 15 minutes unless asked, a day at most. */
  windowMinutesDefault: 15,
  windowMinutesMax: 24 * 60,
  /** Rows kept at most, oldest out first (TELEMETRY_ROWS_MAX), checked every so many rows. */
  rowsMax: 200_000,
  rowsCheckEvery: 1_000,
} as const;
