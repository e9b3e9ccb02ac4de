CREATE UNIQUE INDEX "sections_id_entry_id_walkabout_id_index" ON "sections" USING btree ("id","entry_id","walkabout_id");--> statement-breakpoint
ALTER TABLE "conditions" DROP CONSTRAINT "conditions_walkabout_id_walkabouts_id_fk";
--> statement-breakpoint
ALTER TABLE "conditions" DROP CONSTRAINT "conditions_entry_id_entries_id_fk";
--> statement-breakpoint
ALTER TABLE "conditions" DROP CONSTRAINT "conditions_section_id_sections_id_fk";
--> statement-breakpoint
ALTER TABLE "conditions" ADD CONSTRAINT "conditions_section_entry_walkabout_fk" FOREIGN KEY ("section_id","entry_id","walkabout_id") REFERENCES "public"."sections"("id","entry_id","walkabout_id") ON DELETE cascade ON UPDATE no action;
