/**
 * Reminders and notifications (DESIGN.md section 4): the jobs that send them, and the round that runs beside the
 * walkabout schedule, on the same clock (AppOptions.scheduleIntervalMs; tests call app.runReminderRound(now)): the
 * incomplete-walkabout reminders due before a close, and the notifications of walkabouts that closed incomplete.
 */
import fp from 'fastify-plugin';
import { registerConditionNotificationJobs } from './conditions';
import { registerIncompleteWalkaboutNotificationJobs, runIncompleteWalkaboutNotificationRound } from './incomplete-walkabouts';
import { registerReminderJobs, runReminderRound } from './reminders';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * One round of incomplete-walkabout reminders and of notifications of walkabouts that closed incomplete, at `now`
     * (default: the current time); answers how many jobs it queued.
     */
    runReminderRound(now?: Date): Promise<number>;
  }
}

export default fp<{ publicUrl: string; intervalMs?: number }>(
  async (app, options) => {
    registerReminderJobs(app, options.publicUrl);
    registerConditionNotificationJobs(app, options.publicUrl);
    registerIncompleteWalkaboutNotificationJobs(app, options.publicUrl);
    app.decorate('runReminderRound', async (now?: Date) => {
      const at = now ?? new Date();
      // One after the other, and one failing does not keep the other from running; the round fails (and is logged) when either did.
      let queued = 0;
      let failure: { error: unknown } | null = null;
      for (const run of [runReminderRound, runIncompleteWalkaboutNotificationRound]) {
        try {
          queued += await run(app, at);
        } catch (error) {
          failure ??= { error };
        }
      }
      if (failure) throw failure.error;
      return queued;
    });
    const intervalMs = options.intervalMs;
    if (!intervalMs) return;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> | null = null;
    const round = () => {
      running ??= app
        .runReminderRound()
        .then((queued) => {
          if (queued > 0) app.log.info({ queued }, 'reminder round');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'reminder round failed'))
        .finally(() => {
          running = null;
        });
      return running;
    };
    app.addHook('onReady', async () => {
      timer = setInterval(() => void round(), intervalMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'notifications', dependencies: ['db', 'jobs', 'mail'] },
);
