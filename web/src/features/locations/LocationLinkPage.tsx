import { Navigate, useParams } from 'react-router-dom';
import { Alert, Center, Loader, Stack } from '@mantine/core';
import { useLocationLinkQuery } from './LocationPage.generated';
import { TopBar } from '../../ui/TopBar';

/** A location code that matches no location the user may see (inspection.md section 8). */
export const LOCATION_CODE_NOT_FOUND = 'QR code not supported. Check if Types of Location are not disabled';

/**
 * A location's universal link, /q/{uuid} (DESIGN.md "QR codes"), opened by a phone's own camera
 * or by the toolbar's Scan: it leads, through sign-in, to that location's page.
 */
export function LocationLinkPage() {
  const { uuid = '' } = useParams();
  const { data, loading, error } = useLocationLinkQuery({ variables: { uuid } });
  const location = data?.locationByUuid;
  if (location) return <Navigate to={`/buildings/${location.buildingId}/locations/${location.id}`} replace />;

  return (
    <>
      <TopBar title="Scanned Code" back={{ label: 'Buildings', to: '/buildings' }} />
      <Center p="xl">
        <Stack maw={480} w="100%">
          {loading && !data ? (
            <Center role="status" aria-label="Looking up the location">
              <Loader />
            </Center>
          ) : (
            <Alert role="alert" color="orange" variant="light">
              {error && !data ? 'The location could not be loaded. Check your connection and try again.' : LOCATION_CODE_NOT_FOUND}
            </Alert>
          )}
        </Stack>
      </Center>
    </>
  );
}
