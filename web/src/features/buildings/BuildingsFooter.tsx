import { Link } from 'react-router-dom';
import { Anchor, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { BuildingsFooter_ViewerFragment } from './BuildingsFooter.generated';
import { lazyWhenOpened } from '../../ui/lazyWhenOpened';
import classes from './BuildingsPage.module.css';

/** Loaded when first opened: the dialog and its Modal are not on the Buildings screen's first load. */
const TermsModal = lazyWhenOpened(() => import('./TermsModal').then((module) => module.TermsModal));

/** Spec section 2: Settings (admin or canViewSettings) and Terms and Conditions under the building cards. */
export function BuildingsFooter({ viewer }: { viewer: BuildingsFooter_ViewerFragment | undefined }) {
  const [termsOpened, terms] = useDisclosure(false);
  const settingsPath = viewer ? settingsPathFor(viewer) : null;

  return (
    <Group justify="center" gap="lg" py="lg" className={classes.footer}>
      {settingsPath && (
        <Anchor component={Link} to={settingsPath} size="sm">
          Settings
        </Anchor>
      )}
      <UnstyledButton onClick={terms.open} className={classes.footerButton}>
        <Text size="sm" c="brand">
          Terms and Conditions
        </Text>
      </UnstyledButton>
      <TermsModal opened={termsOpened} onClose={terms.close} />
    </Group>
  );
}

/** Admins go to /settings, others to their organization's settings page. */
export function settingsPathFor(viewer: BuildingsFooter_ViewerFragment): string | null {
  if (viewer.isAdmin) return '/settings';
  if (!viewer.permissions.canViewSettings || !viewer.organization) return null;
  return `/manage/organization/${viewer.organization.id}`;
}
