-- Issue 8: every result saved wrote an entry in this index (4 of the 17 ms of the UPDATE of 1,000 first results on
-- PostgreSQL), and every condition created one. A section's conditions are found by its entry instead (a condition's
-- entry and walkabout are its section's: migration 0016's triggers and the walkabout refresh name the entry with the
-- section, and conditions_entry_id_index serves them).
DROP INDEX "conditions_section_id_index";
