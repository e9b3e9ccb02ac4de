import { useContext, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router-dom';
import { Anchor, Group, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconChevronLeft } from './icons';
import { TopBarSlotContext } from './TopBarSlot';
import classes from './TopBar.module.css';

export type TopBarProps = {
  /** The screen title, also the document title. */
  title: string;
  /** The parent screen: the back link is labelled by it (spec section 2, Top bar). */
  back?: { label: string; to: string };
  /** Page actions such as Save or a plus button. */
  actions?: ReactNode;
};

/**
 * Declares the top bar of the current screen. A page renders it anywhere in
 * its tree; it appears in the shell's header, so each page owns its title
 * without the shell knowing every route.
 */
export function TopBar({ title, back, actions }: TopBarProps) {
  const slot = useContext(TopBarSlotContext);
  useDocumentTitle(`${title} · Fire Safety Inspections`);
  if (!slot) return null;
  return createPortal(
    <div className={classes.topBar}>
      <div className={classes.topBarBack}>
        {back && (
          <Anchor component={Link} to={back.to} className={classes.backLink} underline="never">
            <IconChevronLeft size={18} />
            <span>{back.label}</span>
          </Anchor>
        )}
      </div>
      <Title order={1} className={classes.topBarTitle}>
        {title}
      </Title>
      <Group gap="xs" className={classes.topBarActions} wrap="nowrap">
        {actions}
      </Group>
    </div>,
    slot,
  );
}
