CREATE TABLE "building_task_applicability" (
	"building_id" integer NOT NULL,
	"equipment_type_id" integer NOT NULL,
	"task_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	CONSTRAINT "building_task_applicability_building_id_equipment_type_id_pk" PRIMARY KEY("building_id","equipment_type_id")
);
--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "report_definition_ids" integer[];--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "report_booklet_template_ids" integer[];--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "floors" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "building_task_applicability" ADD CONSTRAINT "building_task_applicability_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_task_applicability" ADD CONSTRAINT "building_task_applicability_equipment_type_id_equipment_types_id_fk" FOREIGN KEY ("equipment_type_id") REFERENCES "public"."equipment_types"("id") ON DELETE cascade ON UPDATE no action;