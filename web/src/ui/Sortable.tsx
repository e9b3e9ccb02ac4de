import type { CSSProperties, ReactNode } from 'react';
import { ActionIcon } from '@mantine/core';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IconGripVertical } from './icons';

type Item = { id: string; name: string };

/** What dnd-kit's live region says while an item is moved by the keyboard or the pointer, in the screen's words. */
export function sortableAnnouncements(items: readonly Item[]): Announcements {
  const nameOf = (id: UniqueIdentifier) => items.find((item) => item.id === id)?.name ?? String(id);
  const positionOf = (id: UniqueIdentifier) => items.findIndex((item) => item.id === id) + 1;
  const of = `of ${items.length}.`;
  return {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, position ${positionOf(active.id)} ${of}`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} ${over.id === active.id ? 'is at' : 'moved to'} position ${positionOf(over.id)} ${of}` : `${nameOf(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} ${of}` : `${nameOf(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
}

/** What a screen reader user hears on reaching a drag handle (dnd-kit reads it from aria-describedby). */
export const dragInstructions = (what: string, within = '') =>
  `To move a ${what}, press Space or Enter to pick it up, the up and down arrow keys to move it${within}, Space or Enter again to drop it, or Escape to cancel.`;

type ListProps = {
  items: readonly Item[];
  /** Said on reaching a handle: dragInstructions(…). */
  instructions: string;
  disabled: boolean;
  /** An item dropped at another item's place: the indexes in `items`. */
  onMove(from: number, to: number): void;
  children: ReactNode;
};

/**
 * A list whose rows (each with useSortableRow) are rearranged by dragging their handle: with a pointer or touch
 * (after 4 px, so a tap stays a tap), or with the keyboard (Space picks up, the arrows move, Space drops, Escape
 * cancels), each step announced to screen readers. Only the drop is reported; the rows' own move buttons do the rest.
 */
export function SortableList({ items, instructions, disabled, onMove, children }: ListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(
      items.findIndex((item) => item.id === active.id),
      items.findIndex((item) => item.id === over.id),
    );
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements: sortableAnnouncements(items), screenReaderInstructions: { draggable: instructions } }}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy} disabled={disabled}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/**
 * One row of a SortableList: `rowRef` and `rowStyle` go on the row's element, `handle` is its DragHandle's props.
 * `translateOnly` for table rows, which must not be scaled.
 */
export function useSortableRow(item: Item, disabled: boolean, { translateOnly = false } = {}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.id, disabled });
  const rowStyle: CSSProperties = {
    transform: (translateOnly ? CSS.Translate : CSS.Transform).toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 1 : undefined,
  };
  return {
    rowRef: setNodeRef,
    rowStyle,
    isDragging,
    handle: { ref: setActivatorNodeRef, attributes, listeners, name: item.name, disabled },
  };
}

type HandleProps = ReturnType<typeof useSortableRow>['handle'] & { size?: 'md' | 'lg' };

/** The grip a row is dragged by, named "Drag {name}" for screen readers and tests. */
export function DragHandle({ ref, attributes, listeners, name, disabled, size = 'md' }: HandleProps) {
  return (
    <ActionIcon
      ref={ref}
      variant="subtle"
      color="gray"
      size={size}
      {...attributes}
      {...listeners}
      aria-label={`Drag ${name}`}
      style={{ cursor: disabled ? 'default' : 'grab', touchAction: 'none' }}
    >
      <IconGripVertical size={size === 'lg' ? 20 : 18} />
    </ActionIcon>
  );
}

/** What a row of a sortable manage list takes besides its record: its place, whether it may move, and its actions. */
export type SortableRowProps = { first: boolean; last: boolean; canManage: boolean; busy: boolean; onUp(): void; onDown(): void; onEdit(): void };
