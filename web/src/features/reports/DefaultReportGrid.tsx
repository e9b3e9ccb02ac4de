/**
 * A cycle's default report as grids (inspection.md section 2, Report show: 'layouts default grid'): one grid per
 * equipment, a row per location (its floor beside it) and a column per task, each cell the result's mark (S, U, P,
 * X, N/A). The location column stays in view while the tasks scroll sideways on a phone; remarks and photos follow
 * each row in a last column, so a grid stays a grid of marks.
 *
 * The backend sends one row per result with the headers Floor, Location, Equipment, Section, Condition, Result,
 * Remarks, Photo; the grids are arranged from them here.
 */
import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import classes from './reports.module.css';

type Row = { readonly cells: readonly string[] };

type Task = { key: string; section: string; condition: string };
type Place = { key: string; floor: string; location: string; marks: Map<string, string>; notes: Array<{ condition: string; remarks: string; photoUrl: string }> };
export type EquipmentGrid = { equipment: string; tasks: Task[]; places: Place[] };

/** The grids of a default report's rows, in the order the rows come (the backend's floor, location and task order). */
export function defaultGrids(headers: readonly string[], rows: readonly Row[]): EquipmentGrid[] {
  const at = (row: Row, header: string) => row.cells[headers.indexOf(header)] ?? '';
  const grids = new Map<string, EquipmentGrid & { taskKeys: Set<string>; placeByKey: Map<string, Place> }>();
  for (const row of rows) {
    const equipment = at(row, 'Equipment');
    let grid = grids.get(equipment);
    if (!grid) grids.set(equipment, (grid = { equipment, tasks: [], places: [], taskKeys: new Set(), placeByKey: new Map() }));
    const section = at(row, 'Section');
    const condition = at(row, 'Condition');
    const taskKey = JSON.stringify([section, condition]);
    if (!grid.taskKeys.has(taskKey)) {
      grid.taskKeys.add(taskKey);
      grid.tasks.push({ key: taskKey, section, condition });
    }
    const floor = at(row, 'Floor');
    const location = at(row, 'Location');
    const placeKey = JSON.stringify([floor, location]);
    let place = grid.placeByKey.get(placeKey);
    if (!place) {
      place = { key: placeKey, floor, location, marks: new Map(), notes: [] };
      grid.placeByKey.set(placeKey, place);
      grid.places.push(place);
    }
    place.marks.set(taskKey, at(row, 'Result'));
    const remarks = at(row, 'Remarks');
    const photoUrl = at(row, 'Photo');
    if (remarks || photoUrl) place.notes.push({ condition, remarks, photoUrl });
  }
  return [...grids.values()].map(({ equipment, tasks, places }) => ({ equipment, tasks, places }));
}

const MARK_NAMES: Record<string, string> = { S: 'satisfactory', U: 'unsatisfactory', P: 'paused task', X: 'inactive task', 'N/A': 'not applicable' };

/** One task's header: its condition, and its section above it when the equipment's tasks come from more than one section. */
function TaskHeader({ task, withSection }: { task: Task; withSection: boolean }) {
  return (
    <Table.Th scope="col" className={classes.gridTask}>
      {withSection && (
        <Text component="span" size="xs" c="dimmed" display="block">
          {task.section}
        </Text>
      )}
      {task.condition}
    </Table.Th>
  );
}

export function DefaultReportGrid({ headers, rows, reportName, buildingName }: { headers: readonly string[]; rows: readonly Row[]; reportName: string; buildingName: string }) {
  const grids = defaultGrids(headers, rows);
  return (
    <Stack gap="xl">
      {grids.map((grid) => {
        const withSection = new Set(grid.tasks.map((t) => t.section)).size > 1;
        const withNotes = grid.places.some((p) => p.notes.length > 0);
        return (
          <section key={grid.equipment} aria-label={grid.equipment}>
            <Title order={3} size="h4" mb="xs">
              {grid.equipment}
            </Title>
            {/* A wide grid scrolls sideways on a phone; the region is focusable so that a keyboard can scroll it too. */}
            <div className={classes.tableScroll} role="region" aria-label={`${grid.equipment} results`} tabIndex={0}>
              <Table withTableBorder withColumnBorders verticalSpacing="xs" aria-label={`${reportName}, ${buildingName}: ${grid.equipment}`} className={classes.grid}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col" className={classes.gridPlace}>
                      Location
                    </Table.Th>
                    {grid.tasks.map((task) => (
                      <TaskHeader key={task.key} task={task} withSection={withSection} />
                    ))}
                    {withNotes && <Table.Th scope="col">Remarks</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {grid.places.map((place) => (
                    <Table.Tr key={place.key}>
                      <Table.Th scope="row" className={classes.gridPlace}>
                        {place.location}
                        <Text component="span" size="xs" c="dimmed" display="block" fw={400}>
                          {place.floor}
                        </Text>
                      </Table.Th>
                      {grid.tasks.map((task) => {
                        const mark = place.marks.get(task.key) ?? '';
                        return (
                          <Table.Td key={task.key} className={classes.gridMark} data-mark={mark || undefined} title={MARK_NAMES[mark]}>
                            {mark}
                          </Table.Td>
                        );
                      })}
                      {withNotes && (
                        <Table.Td className={classes.cell}>
                          {place.notes.map((note, index) => (
                            <Fragment key={index}>
                              {index > 0 && <br />}
                              <Text component="span" size="sm" fw={600}>
                                {note.condition}:
                              </Text>{' '}
                              {note.remarks}
                              {note.photoUrl && (
                                <>
                                  {' '}
                                  <Anchor href={note.photoUrl} target="_blank" rel="noopener" size="sm">
                                    Photo
                                  </Anchor>
                                </>
                              )}
                            </Fragment>
                          ))}
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          </section>
        );
      })}
    </Stack>
  );
}
