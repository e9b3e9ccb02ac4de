/**
 * Reminders and notifications (DESIGN.md section 4): the jobs that send them, and the reminder round that runs beside
 * the walkabout schedule, on the same clock (AppOptions.scheduleIntervalMs; tests call app.runReminderRound(now)).
 */
import fp from 'fastify-plugin';
import { registerConditionNotificationJobs } from './conditions';
import { registerReminderJobs, runReminderRound } from './reminders';

declare module 'fastify' {
  interface FastifyInstance {
    /** One round of incomplete-walkabout reminders at `now` (default: the current time); answers how many jobs it queued. */
    runReminderRound(now?: Date): Promise<number>;
  }
}

export default fp<{ publicUrl: string; intervalMs?: number }>(
  async (app, options) => {
    registerReminderJobs(app, options.publicUrl);
    registerConditionNotificationJobs(app, options.publicUrl);
    app.decorate('runReminderRound', (now?: Date) => runReminderRound(app, now ?? new Date()));
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
