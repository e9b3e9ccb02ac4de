import { memo, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Badge, Box, Card, Image, NavLink, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { BuildingCard_BuildingFragment, BuildingCard_ViewerFragment } from './BuildingCard.generated';
import {
  IconBuilding,
  IconChartBar,
  IconChevronRight,
  IconCircleCheck,
  IconClipboardCheck,
  IconExternalLink,
  IconFileContract,
  IconFlame,
  IconFolder,
  IconMap,
  IconNotes,
  IconQrcode,
  IconReport,
  IconSettings,
  IconAlertTriangle,
} from '../../ui/icons';
import { AcceptContractButton } from '../contracts/AcceptContractButton';
import { mayAcceptBuildingContract } from '../contracts/contractPermissions';
import { BuildingStatusBadges } from './BuildingStatusBadges';
import { buildingLinks, contractState, type BuildingLinkKey } from './buildingLinks';
import classes from './BuildingCard.module.css';

const linkIcons: Record<BuildingLinkKey, typeof IconBuilding> = {
  walkabouts: IconClipboardCheck,
  documents: IconFolder,
  fireSafetyPlan: IconMap,
  reports: IconReport,
  summaryNotes: IconNotes,
  summaryFailure: IconAlertTriangle,
  qrCodes: IconQrcode,
  overview: IconChartBar,
  manage: IconSettings,
};

type BuildingCardProps = {
  building: BuildingCard_BuildingFragment;
  viewer: BuildingCard_ViewerFragment;
  now?: Date;
};

const linkClass = `mantine-focus-auto ${classes.link} ${NavLink.classes.root} ${UnstyledButton.classes.root}`;

/**
 * Mantine's NavLink as markup with its classes: a card's links are a screen's most numerous elements (eight or nine to
 * a card), and each NavLink is about ten components that render twice as they mount (its id is set again in a layout
 * effect, in the same task). This draws the same element, an `a` with NavLink's and UnstyledButton's classes and its
 * sections, in one component.
 */
function CardLink({ to, external, label, icon, right }: { to: string; external: boolean; label: string; icon: ReactNode; right: ReactNode }) {
  const content = (
    <>
      <span className={NavLink.classes.section} data-position="left">
        {icon}
      </span>
      <span className={NavLink.classes.body}>
        <span className={NavLink.classes.label}>{label}</span>
      </span>
      <span className={NavLink.classes.section} data-position="right">
        {right}
      </span>
    </>
  );
  return external ? (
    <a className={linkClass} href={to} target="_blank" rel="noreferrer">
      {content}
    </a>
  ) : (
    <Link className={linkClass} to={to}>
      {content}
    </Link>
  );
}

/**
 * Memoized: the screen renders again as its other answers come (filter, shell), and a card's props are Apollo's
 * results, the same objects while the building is unchanged.
 */
export const BuildingCard = memo(function BuildingCard({ building, viewer, now }: BuildingCardProps) {
  const titleId = useId();
  const contract = contractState(building);
  const links = buildingLinks(building, viewer);
  // After Accept Contract the sheet and its button are gone: the focus moves to the news that the card is open.
  const [justAccepted, setJustAccepted] = useState(false);
  const acceptedRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (justAccepted) acceptedRef.current?.focus();
  }, [justAccepted, contract]);
  const place = [viewer.isAdmin ? building.organization.name : null, building.region?.name].filter(Boolean).join(' · ');

  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      withBorder
      padding="md"
      radius="lg"
      className={classes.card}
      data-fire-watch={building.isFireWatchStarted || undefined}
    >
      {building.isFireWatchStarted && (
        <Card.Section className={classes.fireWatch} role="status">
          <IconFlame size={18} />
          <Text fw={700} size="sm">
            Fire Watch in progress
          </Text>
        </Card.Section>
      )}
      {building.photoUrl ? (
        <Card.Section className={classes.media}>
          <Image src={building.photoUrl} alt="" h={140} fit="cover" />
        </Card.Section>
      ) : (
        // On a phone the list is long enough without a picture that says nothing.
        <Card.Section className={classes.media} visibleFrom="sm">
          <Box className={classes.placeholder}>
            <IconBuilding size={40} />
          </Box>
        </Card.Section>
      )}

      <Stack gap="sm" className={classes.body} data-flush-on-phone={!(building.photoUrl || building.isFireWatchStarted) || undefined}>
        <Stack gap={2}>
          <Title order={2} id={titleId} size="h4" className={classes.name}>
            {building.name}
          </Title>
          {place && (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {place}
            </Text>
          )}
        </Stack>

        <BuildingStatusBadges building={building} now={now} />

        {contract === 'pending' && (
          <Alert color="orange" variant="light" icon={<IconFileContract />} title="Contract not accepted" p="sm">
            <Text size="sm">
              Walkabouts, documents and reports open once a building administrator accepts the contract.
            </Text>
            {mayAcceptBuildingContract(viewer, building) && <AcceptContractButton building={building} onAccepted={() => setJustAccepted(true)} />}
          </Alert>
        )}
        {contract === 'accepted' && justAccepted && (
          <Alert ref={acceptedRef} tabIndex={-1} role="status" color="green" variant="light" icon={<IconCircleCheck />} p="sm">
            <Text size="sm">Contract accepted: walkabouts, documents and reports are open.</Text>
          </Alert>
        )}
        {contract === 'missing' && (
          <Alert color="gray" variant="light" icon={<IconFileContract />} title="Contract Missing" p="sm">
            <Text size="sm">
              This building has no contract yet, so walkabouts, documents and reports are unavailable.
            </Text>
          </Alert>
        )}

        {links.length > 0 && (
          <Box role="group" aria-label={`${building.name} links`} className={classes.links}>
            {links.map((link) => {
              const Icon = linkIcons[link.key];
              const right = link.external ? (
                <IconExternalLink size={14} />
              ) : link.count ? (
                <Badge size="sm" variant="light" circle={link.count < 10}>
                  {link.count}
                </Badge>
              ) : (
                <IconChevronRight size={14} />
              );
              return <CardLink key={link.key} to={link.to} external={!!link.external} label={link.label} icon={<Icon size={18} />} right={right} />;
            })}
          </Box>
        )}
      </Stack>
    </Card>
  );
});
