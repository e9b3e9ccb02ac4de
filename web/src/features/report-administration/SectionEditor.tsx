import { ActionIcon, Card, Checkbox, Group, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { REPORT_SECTION_DETAIL_LABELS, REPORT_SECTION_DETAILS, withSectionDetail, withSectionEquipment, type ReportSectionDetailName } from '@fsi/shared/report-administration';
import { DragHandle, useSortableRow } from '../../ui/Sortable';
import { IconArrowDown, IconArrowUp, IconTrash } from '../../ui/icons';
import type { ReportEquipmentsQuery } from './ReportDefinitionPage.generated';

export type Equipment = ReportEquipmentsQuery['reportEquipments'][number];
/** A section being edited, numbers as the shared rules take them, with a key of its own for reordering. */
export type SectionDraft = {
  key: string;
  equipmentId: number | null;
  detail: ReportSectionDetailName;
  title: string;
  includeMetadata: boolean | null;
  pageBreakAfter: boolean;
  applicableEquipmentConditionIds: number[] | null;
  applicableEquipmentIds: number[];
  applicableGroupNames: string[];
};

type Props = {
  section: SectionDraft;
  index: number;
  count: number;
  equipments: Equipment[];
  readOnly: boolean;
  errors: Record<string, string>;
  onChange(next: SectionDraft): void;
  onMove(to: number): void;
  onRemove(): void;
};

const ALL = '';

/**
 * One section of a report definition (section 2: Equipment, Detail, Title, Include Metadata, Page Break After and the
 * pick lists of its detail), with the state rules of section 4 from @fsi/shared: choosing the equipment selects all
 * its conditions; the condition detail turns metadata and the page break on, the others clear the conditions.
 */
export function SectionEditor({ section, index, count, equipments, readOnly, errors, onChange, onMove, onRemove }: Props) {
  const label = section.title.trim() || `Section ${index + 1}`;
  const { rowRef, rowStyle, isDragging, handle } = useSortableRow({ id: section.key, name: label }, readOnly);
  const conditionIdsOf = (id: number) => equipments.find((e) => Number(e.id) === id)?.conditions.map((c) => Number(c.id)) ?? [];
  const keep = (next: ReturnType<typeof withSectionDetail>) => onChange({ ...next, key: section.key });
  const equipment = equipments.find((e) => Number(e.id) === section.equipmentId);
  const groupNames = [...new Set((equipment ? [equipment] : equipments).flatMap((e) => e.allLocationsGroupNames))].sort();
  const typeOptions = equipments.map((e) => ({ value: e.id, label: e.name }));
  const error = (field: string) => errors[`sections.${index}.${field}`];
  return (
    <li ref={rowRef} style={rowStyle}>
      <Card withBorder radius="md" padding="sm" shadow={isDragging ? 'md' : undefined} aria-label={label} component="section">
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              {!readOnly && <DragHandle {...handle} />}
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {label}
              </Text>
            </Group>
            {!readOnly && (
              <Group gap={4} wrap="nowrap">
                <ActionIcon variant="subtle" aria-label={`Move ${label} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
                  <IconArrowUp size={18} />
                </ActionIcon>
                <ActionIcon variant="subtle" aria-label={`Move ${label} down`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
                  <IconArrowDown size={18} />
                </ActionIcon>
                <ActionIcon variant="subtle" color="red" aria-label={`Remove ${label}`} onClick={onRemove}>
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            )}
          </Group>
          <Select
            label="Equipment"
            data={[{ value: ALL, label: 'All equipment' }, ...typeOptions]}
            value={section.equipmentId === null ? ALL : String(section.equipmentId)}
            onChange={(value) => keep(withSectionEquipment(section, value ? Number(value) : null, conditionIdsOf))}
            allowDeselect={false}
            disabled={readOnly}
            error={error('equipmentId')}
          />
          <Select
            label="Detail"
            data={REPORT_SECTION_DETAILS.map((d) => ({ value: d, label: REPORT_SECTION_DETAIL_LABELS[d] }))}
            value={section.detail}
            onChange={(value) => value && keep(withSectionDetail(section, value as ReportSectionDetailName, conditionIdsOf))}
            allowDeselect={false}
            disabled={readOnly}
            error={error('detail')}
          />
          <TextInput label="Title" value={section.title} onChange={(event) => onChange({ ...section, title: event.currentTarget.value })} disabled={readOnly} error={error('title')} />
          {section.detail === 'condition' && (
            <>
              <MultiSelect
                label="Conditions"
                placeholder={equipment ? undefined : 'Choose the equipment first'}
                data={(equipment?.conditions ?? []).map((c) => ({ value: c.id, label: c.label }))}
                value={(section.applicableEquipmentConditionIds ?? []).map(String)}
                onChange={(values) => onChange({ ...section, applicableEquipmentConditionIds: values.map(Number) })}
                searchable
                disabled={readOnly || !equipment}
                error={error('applicableEquipmentConditionIds')}
              />
              <Checkbox label="Include Metadata" checked={section.includeMetadata ?? false} onChange={(event) => onChange({ ...section, includeMetadata: event.currentTarget.checked })} disabled={readOnly} />
            </>
          )}
          {section.detail === 'group' && (
            <MultiSelect
              label="Groups"
              placeholder="All groups"
              data={groupNames}
              value={section.applicableGroupNames}
              onChange={(values) => onChange({ ...section, applicableGroupNames: values })}
              searchable
              disabled={readOnly}
              error={error('applicableGroupNames')}
            />
          )}
          {section.detail !== 'condition' && section.detail !== 'location' && (
            <MultiSelect
              label="Equipment Types"
              placeholder="All equipment types"
              data={typeOptions}
              value={section.applicableEquipmentIds.map(String)}
              onChange={(values) => onChange({ ...section, applicableEquipmentIds: values.map(Number) })}
              searchable
              disabled={readOnly}
              error={error('applicableEquipmentIds')}
            />
          )}
          <Checkbox label="Page Break After" checked={section.pageBreakAfter} onChange={(event) => onChange({ ...section, pageBreakAfter: event.currentTarget.checked })} disabled={readOnly} />
        </Stack>
      </Card>
    </li>
  );
}
