/**
 * Unsatisfactory-result and note notifications (DESIGN.md section 4, "Reminders and notifications"): when a save of
 * walkabout data (PATCH /walkabout-data) records an unsatisfactory result, or a note on a result that is not
 * unsatisfactory (the failure and notes items of failure-reports/items.ts), for equipment type E, the users subscribed
 * to E (users.subscriptions.unsatisfactoryEquipmentIds, notatedEquipmentIds) who may see the building are e-mailed.
 *
 * Once per condition and episode: an episode starts with the edit that made the condition unsatisfactory after it
 * was satisfactory (or had no result), or that gave it a note after it had none; the delivery's subject is that edit
 * (condition:{id}:since:{editId}), so that further saves of the same failure or note send nothing, and a failure
 * recorded anew after the condition was satisfactory sends again. The save only queues a job (after its commit);
 * the job reads the conditions as they are when it runs.
 */
import { conditionSatisfaction, type ConditionDefinition } from '@fsi/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { conditions, cycles, entries, users, walkaboutEdits, walkabouts } from '../../db/schema';
import { buildingRef, deliverOnce, recipientsSeeing, type NotificationKind } from './deliveries';

export const CONDITION_NOTIFICATION_QUEUE = 'notifications.conditions';

/** Called after a save is recorded: queues the notifications of the conditions it changed, as a job. */
export async function queueConditionNotifications(app: FastifyInstance, walkaboutId: number, conditionIds: number[]): Promise<void> {
  if (!conditionIds.length) return;
  await app.jobs.enqueue(CONDITION_NOTIFICATION_QUEUE, { walkaboutId, conditionIds: [...new Set(conditionIds)].sort((a, b) => a - b) });
}

type EditState = { id: number; satisfaction: string; noted: boolean };

const isNoted = (satisfaction: string, hasSatisfactoryRemarks: boolean | null, remarks: string | null) =>
  satisfaction !== 'unsatisfactory' && hasSatisfactoryRemarks === true && (remarks ?? '') !== '';

/**
 * The edit that started the condition's current episode of this kind, or null when the condition is not in one.
 * Unsatisfactory: the first unsatisfactory edit after the last satisfactory one (clearing a result and entering the
 * same failure again is the same episode). Note: the first noted edit after the last edit without a note.
 */
export function episodeStart(edits: EditState[], kind: 'unsatisfactory-result' | 'note'): number | null {
  let start: number | null = null;
  for (const edit of edits) {
    if (kind === 'note') {
      if (!edit.noted) start = null;
      else start ??= edit.id;
      continue;
    }
    if (edit.satisfaction === 'satisfactory') start = null;
    else if (edit.satisfaction === 'unsatisfactory') start ??= edit.id;
  }
  return start;
}

async function notifyCondition(app: FastifyInstance, conditionId: number, publicUrl: string): Promise<number> {
  const [row] = await app.db
    .select({ condition: conditions, equipmentTypeId: entries.equipmentTypeId, entryLabel: entries.label, equipmentName: entries.equipmentName, buildingId: walkabouts.buildingId, cycleName: cycles.name, walkaboutId: walkabouts.id })
    .from(conditions)
    .innerJoin(entries, eq(entries.id, conditions.entryId))
    .innerJoin(walkabouts, eq(walkabouts.id, conditions.walkaboutId))
    .innerJoin(cycles, eq(cycles.id, walkabouts.cycleId))
    .where(eq(conditions.id, conditionId));
  if (!row) return 0;
  const { condition } = row;
  const kind: NotificationKind | null =
    condition.satisfaction === 'unsatisfactory' ? 'unsatisfactory-result' : isNoted(condition.satisfaction, condition.hasSatisfactoryRemarks, condition.remarks) ? 'note' : null;
  if (!kind) return 0;
  const definition: ConditionDefinition = condition;
  // The applied edits in the order they took effect (a later editedAt wins, save.ts).
  const edits = await app.db
    .select({ id: walkaboutEdits.id, value: walkaboutEdits.value, remarks: walkaboutEdits.remarks, hasSatisfactoryRemarks: walkaboutEdits.hasSatisfactoryRemarks })
    .from(walkaboutEdits)
    .where(and(eq(walkaboutEdits.conditionId, conditionId), eq(walkaboutEdits.kind, 'condition'), eq(walkaboutEdits.applied, true)))
    .orderBy(asc(walkaboutEdits.editedAt), asc(walkaboutEdits.id));
  const states = edits.map((edit) => {
    const satisfaction = conditionSatisfaction({ ...definition, id: String(conditionId), value: edit.value });
    return { id: edit.id, satisfaction, noted: isNoted(satisfaction, edit.hasSatisfactoryRemarks, edit.remarks) };
  });
  const since = episodeStart(states, kind);
  if (since === null) return 0;
  const building = await buildingRef(app, row.buildingId);
  if (!building) return 0;
  const subscribed = kind === 'note' ? 'notatedEquipmentIds' : 'unsatisfactoryEquipmentIds';
  const recipients = await recipientsSeeing(app, building, and(sql`${users.subscriptions}->${subscribed} @> ${JSON.stringify([row.equipmentTypeId])}::jsonb`));
  const what = kind === 'note' ? 'A note was recorded' : 'An unsatisfactory result was recorded';
  const subject = `${kind === 'note' ? 'Note' : 'Unsatisfactory result'}: ${row.equipmentName} – ${building.name}`;
  const text = [
    `${what} on the ${row.cycleName} walkabout of ${building.name}.`,
    '',
    `Equipment: ${row.entryLabel} (${row.equipmentName})`,
    `Condition: ${condition.label}`,
    ...(condition.remarks ? [`Remarks: ${condition.remarks}`] : []),
    '',
    `Open the walkabout: ${publicUrl}/buildings/${building.id}/walkabouts/${row.walkaboutId}`,
    '',
    `You receive this because you subscribed to ${kind === 'note' ? 'notes' : 'unsatisfactory results'} for ${row.equipmentName}.`,
  ].join('\n');
  let sent = 0;
  for (const { user } of recipients) {
    const delivered = await deliverOnce(app, {
      kind,
      userId: user.id,
      subjectKey: `condition:${conditionId}:since:${since}`,
      walkaboutId: row.walkaboutId,
      to: user.email!,
      subject,
      text,
    });
    if (delivered) sent += 1;
  }
  return sent;
}

export function registerConditionNotificationJobs(app: FastifyInstance, publicUrl: string): void {
  app.jobs.work(CONDITION_NOTIFICATION_QUEUE, async ({ conditionIds }: { walkaboutId: number; conditionIds: number[] }) => {
    let sent = 0;
    // Only conditions that may be an unsatisfactory result or a note are read one by one.
    const candidates = await app.db
      .select({ id: conditions.id })
      .from(conditions)
      .where(
        and(
          inArray(conditions.id, conditionIds),
          sql`(${conditions.satisfaction} = 'unsatisfactory' or (${conditions.hasSatisfactoryRemarks} and ${conditions.remarks} <> ''))`,
        ),
      );
    for (const { id } of candidates) sent += await notifyCondition(app, id, publicUrl);
    return { sent };
  });
}
