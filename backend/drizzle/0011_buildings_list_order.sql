DROP INDEX "buildings_organization_id_index";--> statement-breakpoint
CREATE INDEX "buildings_organization_id_order_name_id_index" ON "buildings" USING btree ("organization_id","order","name","id");