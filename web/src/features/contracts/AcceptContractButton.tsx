import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { IconFileContract } from '../../ui/icons';
import { loadMantineStyles } from '../../ui/mantineStylesLoader';

// The sheet, its queries and the PDF pages load when it is first opened, never with the buildings screen; with the rest
// of Mantine's CSS, which the buildings screen's stylesheets do not have.
const loadSheet = () => Promise.all([import('./AcceptBuildingContractSheet'), loadMantineStyles()]).then(([module]) => module);
const AcceptBuildingContractSheet = lazy(loadSheet);

type Props = {
  building: { id: string; name: string };
  /** After the contract is accepted (the card and the screens open through the cache). */
  onAccepted?(): void;
};

/** 'Accept Contract' on a building whose contract awaits acceptance, for the users who may accept it. */
export function AcceptContractButton({ building, onAccepted }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="xs"
        mt="xs"
        leftSection={<IconFileContract size={16} />}
        onClick={() => setOpen(true)}
        // Fetched as the hand or the focus comes near, so that the sheet opens without a wait.
        onPointerEnter={() => void loadSheet().catch(() => undefined)}
        onFocus={() => void loadSheet().catch(() => undefined)}
        aria-haspopup="dialog"
      >
        Accept Contract
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AcceptBuildingContractSheet
            buildingId={building.id}
            buildingName={building.name}
            onAccepted={() => {
              setOpen(false);
              onAccepted?.();
            }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
