// The reminder scheduler (docs/architecture.md §4, "Reminders"): every
// instance looks every two seconds for reminders that are due and not sent,
// claims a batch with a lease, sends each to the user's open tabs (the change
// feed carries it to every instance's streams) and by Web Push, then marks it
// sent.
//
// - One sender per reminder: the claim is one UPDATE of rows nobody holds,
//   and on PostgreSQL its inner SELECT takes them `FOR UPDATE SKIP LOCKED`,
//   so instances looking at once take different rows instead of waiting.
//   SQLite is one process and one writer.
// - None lost: an instance killed between its claim and its mark leaves a
//   lease that runs out after LEASE_MS; the next look anywhere takes the row.
//   Such a row can go out twice (sent, then killed before the mark): the
//   browser shows it once, as both carry one notification tag (reminderTag)
//   and one push Topic.
// - Late ones (the API was down at their time) go out once, at the first
//   look, saying their own time (`fire_at`).
// - A task done or deleted by its time is not reminded of; its reminder is
//   marked sent.
// - The database away: the look fails, is logged, and the next one tries
//   again; nothing needs a restart.
import { type ReminderNotice, type ReminderPush, reminderTag } from '@stride/shared/reminders';
import { API_DEFAULTS } from '@stride/shared/topology';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Histogram } from 'prom-client';

/** How often each instance looks for due reminders. */
export const CHECK_MS = 2_000;
/** How long a claim holds a reminder before another instance may take it. */
export const LEASE_MS = 60_000;
/** Reminders claimed at once; a look takes at most MAX_BATCHES of them. */
const BATCH = 100;
const MAX_BATCHES = 20;
/** Looks one instance runs at once (each holds at most MAX_BATCHES × BATCH reminders). */
const MAX_LOOKS = 4;
/** A push service keeps an undelivered reminder this long (a phone that was off). */
const PUSH_TTL_SECONDS = 4 * 3600;

interface Claimed {
  id: string;
  user_id: string;
  task_id: string;
  fire_at: string | null;
}

export interface ReminderRun {
  /** Reminders sent by this look. */
  sent: number;
  /** Claimed but not sent: their task was done or deleted. */
  skipped: number;
}

/** Sends one reminder's notice to its user by every way there is. */
export type ReminderDelivery = (userId: string, notice: ReminderNotice) => Promise<void>;

export class ReminderScheduler {
  private readonly looks = new Set<Promise<ReminderRun>>();
  /** Added to by the push plugin (and by tests); the open tabs are always told. */
  readonly deliveries: ReminderDelivery[] = [];

  constructor(
    private readonly app: FastifyInstance,
    private readonly lateness: Histogram,
    private readonly counted: Counter<'outcome'>,
  ) {
    this.deliveries.push(async (userId, notice) =>
      app.changes.publish({ type: 'reminder', userId, notice }),
    );
  }

  /** Waits for the looks under way (a closing app lets them finish). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.looks]);
  }

  /**
   * One look. Looks may overlap: one whose sends wait on a slow push service
   * does not keep the next from claiming what falls due meanwhile (the
   * leases keep them apart). Past MAX_LOOKS at once, a tick is skipped.
   */
  run(): Promise<ReminderRun> {
    if (this.looks.size >= MAX_LOOKS) return Promise.resolve({ sent: 0, skipped: 0 });
    const look: Promise<ReminderRun> = this.look().finally(() => this.looks.delete(look));
    this.looks.add(look);
    return look;
  }

  private async look(): Promise<ReminderRun> {
    const total: ReminderRun = { sent: 0, skipped: 0 };
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const now = this.app.clock();
      const lease = new Date(now.getTime() + LEASE_MS).toISOString();
      // Soonest first (an UPDATE's RETURNING keeps no order).
      const claimed = (await this.claim(now.toISOString(), lease)).sort((a, b) =>
        (a.fire_at ?? '') < (b.fire_at ?? '') ? -1 : 1,
      );
      const done = await this.send(claimed, lease);
      total.sent += done.sent;
      total.skipped += done.skipped;
      if (claimed.length < BATCH) break;
    }
    return total;
  }

  /** Takes up to BATCH due reminders nobody holds, leasing them until `lease`. */
  private claim(now: string, lease: string): Promise<Claimed[]> {
    const { db, dialect } = this.app.database;
    return db
      .updateTable('task_reminders')
      .set({ claimed_until: lease })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('task_reminders')
          .select('id')
          .where('sent_at', 'is', null)
          .where('fire_at', '<=', now)
          .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
          .orderBy('fire_at')
          .limit(BATCH)
          .$if(dialect === 'postgres', (query) => query.forUpdate().skipLocked()),
      )
      .returning(['id', 'user_id', 'task_id', 'fire_at'])
      .execute();
  }

  /** Sends the claimed reminders side by side: a slow delivery of one holds up no other. */
  private async send(claimed: Claimed[], lease: string): Promise<ReminderRun> {
    if (claimed.length === 0) return { sent: 0, skipped: 0 };
    const tasks = await this.app.database.db
      .selectFrom('tasks')
      .select(['id', 'title', 'status', 'deleted_at', 'due_date', 'due_time'])
      .where(
        'id',
        'in',
        claimed.map((row) => row.task_id),
      )
      .execute();
    const byId = new Map(tasks.map((task) => [task.id, task]));
    const api = `${this.app.config.apiPublicUrl}${API_DEFAULTS.basePath}`;
    const outcomes = await Promise.all(
      claimed.map(async (row) => {
        const task = byId.get(row.task_id);
        const remind = task && task.deleted_at === null && task.status !== 'done' && row.fire_at;
        if (remind) {
          const notice: ReminderNotice = {
            reminder_id: row.id,
            task_id: task.id,
            title: task.title,
            fire_at: row.fire_at as string,
            due_date: task.due_date,
            due_time: task.due_time,
            api,
          };
          // Each way on its own: a push service that fails never keeps a tab from hearing.
          await Promise.all(
            this.deliveries.map((deliver) =>
              deliver(row.user_id, notice).catch((err) =>
                this.app.log.warn({ err, reminder: row.id }, 'reminders: a delivery failed'),
              ),
            ),
          );
          const late = this.app.clock().getTime() - Date.parse(notice.fire_at);
          this.lateness.observe(Math.max(0, late) / 1000);
        }
        this.counted.inc({ outcome: remind ? 'sent' : 'skipped' });
        await this.mark(row.id, lease);
        return Boolean(remind);
      }),
    );
    const sent = outcomes.filter(Boolean).length;
    return { sent, skipped: claimed.length - sent };
  }

  /**
   * Marks a reminder sent while this look's lease on it holds: one moved
   * meanwhile (its due time changed, which clears the lease) stays armed.
   */
  private async mark(id: string, lease: string): Promise<void> {
    await this.app.database.db
      .updateTable('task_reminders')
      .set({ sent_at: this.app.clock().toISOString(), claimed_until: null })
      .where('id', '=', id)
      .where('claimed_until', '=', lease)
      .execute();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    reminders: ReminderScheduler;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const registers = [app.metrics.registry];
    const lateness = new Histogram({
      name: 'stride_reminder_lateness_seconds',
      help: 'How long after its time a reminder went out',
      buckets: [0.5, 1, 2, 3, 5, 10, 30, 60, 300, 3600],
      registers,
    });
    const counted = new Counter({
      name: 'stride_reminders_total',
      help: 'Reminders claimed, by outcome (sent, or skipped: their task was done or deleted)',
      labelNames: ['outcome'],
      registers,
    });
    const scheduler = new ReminderScheduler(app, lateness, counted);
    // Web Push to every browser the user subscribed; one Topic per reminder
    // and time, so a push service replaces a repeat it still holds.
    scheduler.deliveries.push(async (userId, notice) => {
      const payload: ReminderPush = { type: 'reminder', notice };
      await app.push.send(userId, {
        topic: reminderTag(notice),
        payload,
        ttlSeconds: PUSH_TTL_SECONDS,
      });
    });
    app.decorate('reminders', scheduler);
    let timer: ReturnType<typeof setInterval> | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        scheduler.run().catch((err) => app.log.warn({ err }, 'reminders: a look failed'));
      }, CHECK_MS);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await scheduler.settled();
    });
  },
  {
    name: 'reminder-scheduler',
    dependencies: ['config', 'database', 'change-feed', 'metrics', 'push'],
  },
);
