/**
 * Organization usage, counted in SQL: one statement for a page of buildings, each count a correlated subquery
 * on an indexed foreign key (DESIGN.md "Scale": dashboards are computed in the database).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Page } from '../../jsonapi/query';

export type BuildingUsageRow = {
  id: number;
  name: string;
  floorDisplayName: string | null;
  floorsCount: number;
  usersCount: number;
  usersWithNotificationsCount: number;
  locationsCount: number;
  unsatisfactoryPhotosCount: number;
  documentsCount: number;
  fireSafetyPlanKey: string | null;
  fireSafetyPlanName: string | null;
};

/**
 * A user sees a building when it is of their organization, within their region's subtree (when they have a
 * region) and among their permitted buildings (when they have any): the rule of buildingsInScope, for all
 * users at once. "Notifications" are the e-mails DESIGN.md section 4 names: the building's incomplete-walkabout
 * reminders and notifications, and the unsatisfactory and notated equipment subscriptions.
 */
export async function organizationUsage(db: Database, organizationId: number, page: Page): Promise<{ rows: BuildingUsageRow[]; total: number }> {
  const result = await db.execute(sql`
    with recursive tree(root, id) as (
      select r.id, r.id from regions r where r.organization_id = ${organizationId}
      union all
      select t.root, r.id from regions r join tree t on r.parent_id = t.id
    ),
    page as (
      select b.id, b.name, b.floor_display_name, b.region_id, b."order"
      from buildings b where b.organization_id = ${organizationId}
      order by b."order", b.id limit ${page.size} offset ${page.offset}
    ),
    seen as (
      select p.id as building_id, u.id as user_id, u.subscriptions
      from page p join users u on u.organization_id = ${organizationId} and not u.is_admin
      where (u.region_id is null or exists (select 1 from tree t where t.root = u.region_id and t.id = p.region_id))
        and (not exists (select 1 from user_buildings ub where ub.user_id = u.id)
             or exists (select 1 from user_buildings ub where ub.user_id = u.id and ub.building_id = p.id))
    )
    select p.id, p.name, p.floor_display_name as "floorDisplayName",
      (select count(*) from floors f where f.building_id = p.id)::int as "floorsCount",
      (select count(*) from seen s where s.building_id = p.id)::int as "usersCount",
      (select count(*) from seen s where s.building_id = p.id and (
         coalesce(s.subscriptions->'incompleteWalkaboutReminderBuildingIds', '[]'::jsonb) @> to_jsonb(p.id)
         or coalesce(s.subscriptions->'incompleteWalkaboutNotificationsBuildingIds', '[]'::jsonb) @> to_jsonb(p.id)
         or jsonb_array_length(coalesce(s.subscriptions->'unsatisfactoryEquipmentIds', '[]'::jsonb)) > 0
         or jsonb_array_length(coalesce(s.subscriptions->'notatedEquipmentIds', '[]'::jsonb)) > 0))::int as "usersWithNotificationsCount",
      (select count(*) from locations l where l.building_id = p.id and l.deleted_at is null)::int as "locationsCount",
      (select count(*) from walkabouts w join entries e on e.walkabout_id = w.id and e.failure_count > 0
         join conditions c on c.entry_id = e.id
         where w.building_id = p.id and c.satisfaction = 'unsatisfactory' and c.photo_url is not null)::int as "unsatisfactoryPhotosCount",
      (select count(*) from documents d where d.building_id = p.id)::int as "documentsCount",
      plan.key as "fireSafetyPlanKey", plan.name as "fireSafetyPlanName"
    from page p
    left join lateral (
      select u.key, d.name from documents d join uploads u on u.id = d.upload_id
      where d.building_id = p.id and d.category = 'Fire Safety Plan' and d.entry_id is null and d.location_comment_id is null
      order by d.created_at desc, d.id desc limit 1
    ) plan on true
    order by p."order", p.id`);
  const counted = await db.execute(sql`select count(*)::int as n from buildings where organization_id = ${organizationId}`);
  const rows = (result as unknown as { rows: BuildingUsageRow[] }).rows;
  const total = Number((counted as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
  return { rows: rows.map((row) => ({ ...row, id: Number(row.id) })), total };
}
