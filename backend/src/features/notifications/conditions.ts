/**
 * Unsatisfactory-result and note notifications (DESIGN.md section 4, "Reminders and notifications"): when a save of
 * walkabout data (PATCH /walkabout-data) records an unsatisfactory result, or a note on a result that is not
 * unsatisfactory (the failure and notes items of failure-reports/items.ts), for equipment type E, the users subscribed
 * to E (users.subscriptions.unsatisfactoryEquipmentIds, notatedEquipmentIds) who may see the building are e-mailed.
 *
 * Once per condition and episode: an episode starts with the edit that made the condition unsatisfactory after it
 * was satisfactory (or had no result), or that gave it a note after it had none; the delivery's subject is that edit
 * (condition:{id}:since:{editId}), so that further saves of the same failure or note send nothing, and a failure
 * recorded anew after the condition was satisfactory sends again. The save only queues a job (in its transaction);
 * the job reads the conditions as they are when it runs.
 */
import { conditionSatisfaction, type ConditionDefinition } from '@fsi/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { anyId } from '../../db/raw';
import { conditions, cycles, entries, users, walkaboutEdits, walkabouts } from '../../db/schema';
import { buildingRef, deliverOnce, recipientsSeeing, type NotificationKind } from './deliveries';
import type { EnqueueOptions } from '../../jobs';
import type { Database } from '../../db/client';

export const CONDITION_NOTIFICATION_QUEUE = 'notifications.conditions';

/** A result a save recorded, as its notifications read it. */
export type RecordedResult = { id: number; satisfaction: string; hasSatisfactoryRemarks: boolean; remarks: string | null };

/**
 * What a save calls inside its transaction with the results it recorded (save.ts): queues the notifications of those
 * that are unsatisfactory or a note (only such a result starts an episode; the job reads each condition again as it is
 * then) as a job that is added with the save's writes, so that it is there if and only if the save commits, and that
 * starts once the save's answer (`wakeAfter`, its raw response) is sent. Resolves once the queue is ready: ask before
 * the save's transaction begins.
 */
export async function conditionNotificationsQueue(
  app: FastifyInstance,
  wakeAfter?: EnqueueOptions['wakeAfter'],
): Promise<(tx: Database, walkaboutId: number, results: RecordedResult[]) => Promise<void>> {
  const enqueue = await app.jobs.inTransaction(CONDITION_NOTIFICATION_QUEUE);
  return async (tx, walkaboutId, results) => {
    const notable = results.filter((r) => r.satisfaction === 'unsatisfactory' || isNoted(r.satisfaction, r.hasSatisfactoryRemarks, r.remarks));
    if (!notable.length) return;
    await enqueue(tx, { walkaboutId, conditionIds: [...new Set(notable.map((r) => r.id))].sort((a, b) => a - b) }, { wakeAfter });
  };
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

type ConditionRow = {
  condition: typeof conditions.$inferSelect;
  equipmentTypeId: number;
  entryLabel: string;
  equipmentName: string;
  buildingId: number;
  cycleName: string;
  walkaboutId: number;
};
type EditRow = Pick<typeof walkaboutEdits.$inferSelect, 'conditionId' | 'id' | 'value' | 'remarks' | 'hasSatisfactoryRemarks'>;

/**
 * The notifications of the given conditions, read together: the conditions that may be an unsatisfactory result or a
 * note (one query), their applied edits (one query), and per building and per equipment type and kind the building
 * and the subscribed users who may see it (once each, however many conditions share them). A save of 1,000 results
 * with 150 failures so costs a handful of queries, not several per failure.
 */
async function notifyConditions(app: FastifyInstance, conditionIds: number[], publicUrl: string): Promise<number> {
  const rows: ConditionRow[] = await app.db
    .select({ condition: conditions, equipmentTypeId: entries.equipmentTypeId, entryLabel: entries.label, equipmentName: entries.equipmentName, buildingId: walkabouts.buildingId, cycleName: cycles.name, walkaboutId: walkabouts.id })
    .from(conditions)
    .innerJoin(entries, eq(entries.id, conditions.entryId))
    .innerJoin(walkabouts, eq(walkabouts.id, conditions.walkaboutId))
    .innerJoin(cycles, eq(cycles.id, walkabouts.cycleId))
    .where(
      and(
        anyId(conditions.id, conditionIds),
        sql`(${conditions.satisfaction} = 'unsatisfactory' or (${conditions.hasSatisfactoryRemarks} and ${conditions.remarks} <> ''))`,
      ),
    )
    .orderBy(asc(conditions.id));
  if (!rows.length) return 0;
  // The applied edits of each condition in the order they took effect (a later editedAt wins, save.ts).
  const editRows: EditRow[] = await app.db
    .select({ conditionId: walkaboutEdits.conditionId, id: walkaboutEdits.id, value: walkaboutEdits.value, remarks: walkaboutEdits.remarks, hasSatisfactoryRemarks: walkaboutEdits.hasSatisfactoryRemarks })
    .from(walkaboutEdits)
    .where(
      and(
        // Their walkabouts named with them: the trail's index is by walkabout, then condition.
        anyId(walkaboutEdits.walkaboutId, [...new Set(rows.map((row) => row.walkaboutId))]),
        anyId(walkaboutEdits.conditionId, rows.map((row) => row.condition.id)),
        eq(walkaboutEdits.kind, 'condition'),
        eq(walkaboutEdits.applied, true),
      ),
    )
    .orderBy(asc(walkaboutEdits.conditionId), asc(walkaboutEdits.editedAt), asc(walkaboutEdits.id));
  const editsOf = new Map<number, EditRow[]>();
  for (const edit of editRows) {
    const list = editsOf.get(edit.conditionId!);
    if (list) list.push(edit);
    else editsOf.set(edit.conditionId!, [edit]);
  }
  const buildingsById = new Map<number, ReturnType<typeof buildingRef>>();
  const recipientsOf = new Map<string, ReturnType<typeof recipientsSeeing>>();

  let sent = 0;
  for (const row of rows) {
    const { condition } = row;
    const kind: NotificationKind | null =
      condition.satisfaction === 'unsatisfactory' ? 'unsatisfactory-result' : isNoted(condition.satisfaction, condition.hasSatisfactoryRemarks, condition.remarks) ? 'note' : null;
    if (!kind) continue;
    const definition: ConditionDefinition = condition;
    const states = (editsOf.get(condition.id) ?? []).map((edit) => {
      const satisfaction = conditionSatisfaction({ ...definition, id: String(condition.id), value: edit.value });
      return { id: edit.id, satisfaction, noted: isNoted(satisfaction, edit.hasSatisfactoryRemarks, edit.remarks) };
    });
    const since = episodeStart(states, kind);
    if (since === null) continue;
    if (!buildingsById.has(row.buildingId)) buildingsById.set(row.buildingId, buildingRef(app, row.buildingId));
    const building = await buildingsById.get(row.buildingId)!;
    if (!building) continue;
    const subscribed = kind === 'note' ? 'notatedEquipmentIds' : 'unsatisfactoryEquipmentIds';
    const audience = `${building.id}:${subscribed}:${row.equipmentTypeId}`;
    if (!recipientsOf.has(audience)) {
      recipientsOf.set(audience, recipientsSeeing(app, building, and(sql`${users.subscriptions}->${subscribed} @> ${JSON.stringify([row.equipmentTypeId])}::jsonb`)));
    }
    const recipients = await recipientsOf.get(audience)!;
    if (!recipients.length) continue;
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
    for (const { user } of recipients) {
      const delivered = await deliverOnce(app, {
        kind,
        userId: user.id,
        subjectKey: `condition:${condition.id}:since:${since}`,
        walkaboutId: row.walkaboutId,
        to: user.email!,
        subject,
        text,
      });
      if (delivered) sent += 1;
    }
  }
  return sent;
}

export function registerConditionNotificationJobs(app: FastifyInstance, publicUrl: string): void {
  app.jobs.work(CONDITION_NOTIFICATION_QUEUE, async ({ conditionIds }: { walkaboutId: number; conditionIds: number[] }) => ({
    sent: await notifyConditions(app, conditionIds, publicUrl),
  }));
}
