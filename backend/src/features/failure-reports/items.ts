/**
 * Which records are failure and notes items (inspection.md sections 2, 3 and 4), as SQL shared by
 * the reports (GET /reports) and the building card's four counts (GET /buildings), so that the
 * card counts exactly the rows the summary pages list.
 *
 * The walkabouts reported, per building and cycle (fire watch walkabouts have reports of their own):
 * the latest locked one (lockedAt passed), or, while the cycle has none locked yet, the latest
 * opened one. In them:
 * - a failure item is an entry with an unsatisfactory condition;
 * - a notes item is an entry with a note on a result that is not unsatisfactory (hasSatisfactoryRemarks
 *   with non-empty remarks), or an off-cycle location comment made since the building's latest lock
 *   (all of them while none is locked).
 * An entry that is both is one follow-up (report_follow_ups has one row per entry): acknowledging or
 * closing it does so in both lists. A repaired (closed) item leaves the lists and the counts; it
 * stays in the repair report.
 *
 * A walkabout's items are found by its entries' counts of failures and notes (entries.failureCount and
 * noteCount, kept by the triggers of migration 0020 with the rule below) and their partial index
 * entries_follow_up_idx (the predicate below is written as the index's), so that a walkabout's
 * thousands of results are not read to find its few failures and notes.
 */
import { sql, type SQL } from 'drizzle-orm';

/** A condition that is a failure or a note, on the table alias `c` (what migration 0020's triggers count on its entry). */
export const followUpCondition = sql.raw(
  `(c.satisfaction = 'unsatisfactory' or (c.has_satisfactory_remarks and c.remarks <> ''))`,
);
/** An entry with a failure or a note, on the table alias `e`: the predicate of entries_follow_up_idx. */
export const followUpEntry = sql.raw(`(e.failure_count > 0 or e.note_count > 0)`);

/**
 * Common table expressions for the buildings `buildingIds` (a subquery) at the time `at` (an
 * expression), without parameters of their own (they run inside a prepared statement):
 * fu_walkabouts (id, building_id, cycle_id) the reported walkabouts, and fu_items (building_id,
 * cycle_id, entry_id, location_comment_id, failure, notes, acknowledged) the items not repaired,
 * acknowledged when their follow-up has an acknowledgement.
 */
export function followUpItemCtes(buildingIds: SQL, at: SQL): SQL {
  return sql`fu_walkabouts as (
      select distinct on (w.building_id, w.cycle_id) w.id, w.building_id, w.cycle_id
      from walkabouts w
      where w.building_id in ${buildingIds} and w.opened_at <= ${at} and not w.is_fire_watch
      order by w.building_id, w.cycle_id, (w.locked_at is not null and w.locked_at <= ${at}) desc,
        case when w.locked_at <= ${at} then w.locked_at end desc nulls last, w.opened_at desc, w.id desc
    ), fu_last_lock as (
      select w.building_id, max(w.locked_at) as locked_at from walkabouts w
      where w.building_id in ${buildingIds} and w.locked_at <= ${at} and not w.is_fire_watch
      group by w.building_id
    ), fu_entries as (
      select w.building_id, w.cycle_id, e.id as entry_id, e.failure_count > 0 as failure, e.note_count > 0 as notes
      from fu_walkabouts w join entries e on e.walkabout_id = w.id
      where ${followUpEntry}
    ), fu_items as (
      select e.building_id, e.cycle_id, e.entry_id, null::integer as location_comment_id, e.failure, e.notes,
        f.acknowledged_at is not null as acknowledged
      from fu_entries e left join report_follow_ups f on f.entry_id = e.entry_id
      where f.repaired_at is null
      union all
      select l.building_id, null::integer, null::integer, lc.id, false, true, f.acknowledged_at is not null
      from location_comments lc join locations l on l.id = lc.location_id
        left join fu_last_lock ll on ll.building_id = l.building_id
        left join report_follow_ups f on f.location_comment_id = lc.id
      where l.building_id in ${buildingIds} and lc.created_at <= ${at}
        and (ll.locked_at is null or lc.created_at > ll.locked_at) and f.repaired_at is null
    ), fu_counts as (
      select i.building_id,
        count(*) filter (where i.failure) as failure_total,
        count(*) filter (where i.failure and i.acknowledged) as failure_acknowledged,
        count(*) filter (where i.notes) as notes_total,
        count(*) filter (where i.notes and i.acknowledged) as notes_acknowledged
      from fu_items i group by i.building_id
    )`;
}

/**
 * The four counts of the building `buildingId` as one JSON value (FollowUpCountsJson), from fu_counts joined as `fu_c`:
 * an array rather than an object, whose keys PGlite builds at some microseconds each.
 */
export const followUpCountsColumn = sql.raw(`json_build_array(coalesce(fu_c.failure_total, 0), coalesce(fu_c.failure_acknowledged, 0),
    coalesce(fu_c.notes_total, 0), coalesce(fu_c.notes_acknowledged, 0))`);

export function followUpCountsJoin(buildingId: SQL): SQL {
  return sql`left join fu_counts fu_c on fu_c.building_id = ${buildingId}`;
}

export type FollowUpCountsJson = [failureTotal: number, failureAcknowledged: number, notesTotal: number, notesAcknowledged: number];

export type FollowUpCounts = {
  summaryFailureReportTotal: number;
  summaryFailureReportAcknowledgedTotal: number;
  summaryNotesReportTotal: number;
  summaryNotesReportAcknowledgedTotal: number;
};

export function followUpCountsFrom(json: FollowUpCountsJson | null | undefined): FollowUpCounts {
  return {
    summaryFailureReportTotal: Number(json?.[0] ?? 0),
    summaryFailureReportAcknowledgedTotal: Number(json?.[1] ?? 0),
    summaryNotesReportTotal: Number(json?.[2] ?? 0),
    summaryNotesReportAcknowledgedTotal: Number(json?.[3] ?? 0),
  };
}
