import { NativeSelect } from '@mantine/core';
import { useFloorProgress } from '../state/EditContext';
import type { WalkaboutEditStore } from '../state/walkaboutEditStore';

/** The floor on screen, chosen among the walkabout's floors, with how much of it is marked. */
export function FloorSelect({
  store,
  floorLabel,
  value,
  onChange,
}: {
  store: WalkaboutEditStore;
  floorLabel: string;
  value: string;
  onChange: (floorId: string) => void;
}) {
  return (
    <NativeSelect
      aria-label={floorLabel}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      size="md"
      style={{ flex: 1, maxWidth: 360 }}
      data={store.floors.map((floor) => ({ value: floor.id, label: floor.name }))}
      rightSectionWidth={40}
      leftSectionWidth={0}
      description={<FloorProgress store={store} floorId={value} />}
      inputWrapperOrder={['input', 'description']}
    />
  );
}

function FloorProgress({ store, floorId }: { store: WalkaboutEditStore; floorId: string }) {
  const progress = useFloorProgress(store, floorId);
  return (
    <>
      {progress.marked} of {progress.total} marked{progress.unsatisfactory > 0 ? `, ${progress.unsatisfactory} unsatisfactory` : ''}
    </>
  );
}
