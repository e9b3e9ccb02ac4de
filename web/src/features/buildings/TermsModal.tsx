import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTermsModalQuery } from './TermsModal.generated';

type TermsModalProps = { opened: boolean; onClose: () => void };

/** The terms of spec section 1: a beta version, and no liability of the vendor or the developer. */
export function TermsModal({ opened, onClose }: TermsModalProps) {
  const { data } = useTermsModalQuery({ skip: !opened });
  const vendorWebsite = data?.appInfo.vendorWebsite;

  return (
    <Modal opened={opened} onClose={onClose} title="Terms and Conditions" centered size="lg">
      <Stack gap="sm">
        <Text>This application is a beta version. Its features may change, and it may contain errors.</Text>
        <Text>
          The vendor and the software developer are not liable for any loss or damage of any kind that arises from the
          use of this application.
        </Text>
        <Text>
          Reports and documents can be viewed on a phone, but are meant to be reviewed on a desktop computer.
        </Text>
        <Text>
          The full terms are on the vendor&apos;s website
          {vendorWebsite ? (
            <>
              :{' '}
              <Anchor href={vendorWebsite} target="_blank" rel="noreferrer">
                {vendorWebsite.replace(/^https?:\/\//, '').replace(/\/$/, '')}
              </Anchor>
            </>
          ) : (
            '.'
          )}
        </Text>
        <Group justify="flex-end" mt="sm">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
