/**
 * Runs the scheduled walkabout job in-process (DESIGN.md section 2: the embedded default needs no
 * other service): once when the app is ready, so that a fresh start already has its open
 * walkabouts, then every intervalMs. Rounds never overlap in one process, and the job's advisory
 * lock keeps replicas from running a round at the same time.
 */
import fp from 'fastify-plugin';
import { requestWalkaboutReportsQuietly } from '../features/reports/generate';
import { runWalkaboutSchedule, type ScheduleRun } from '../features/walkabouts/scheduler';

declare module 'fastify' {
  interface FastifyInstance {
    /** One round of the walkabout job at `now` (default: the current time). */
    runWalkaboutSchedule(now?: Date): Promise<ScheduleRun>;
  }
}

export default fp<{ intervalMs?: number }>(
  async (app, options) => {
    app.decorate('runWalkaboutSchedule', async (now?: Date) => {
      const run = await runWalkaboutSchedule(app.db, now ?? new Date(), app.log);
      // Walkabouts locked by the schedule get their completed and audit reports, once (the round that froze them).
      await requestWalkaboutReportsQuietly(app, run.finalizedIds, { audit: true });
      return run;
    });
    const intervalMs = options.intervalMs;
    if (!intervalMs) return;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> | null = null;
    const round = () => {
      if (running) return running;
      running = app
        .runWalkaboutSchedule()
        .then((run) => {
          // Logged when it did something, so that a replica's log says which rounds it ran.
          if (run.ran && (run.created > 0 || run.finalized > 0)) app.log.info({ created: run.created, finalized: run.finalized }, 'walkabout schedule round');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'walkabout schedule failed'))
        .finally(() => {
          running = null;
        });
      return running;
    };
    app.addHook('onReady', async () => {
      await round();
      timer = setInterval(() => void round(), intervalMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'scheduler', dependencies: ['db', 'jobs'] },
);
