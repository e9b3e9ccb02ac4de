import { useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { UnstyledButton } from '@mantine/core';
import type { ShellNav_ViewerFragment } from './ShellNav.generated';
import { useSignOut } from '../../features/auth/useSignOut';
import { IconChartBar, IconLogout, IconScan, IconSettings, IconUser } from '../../ui/icons';
import { shellLinks, type ShellLink } from './shellLinks';
import classes from './Shell.module.css';
import { lazyWhenOpened } from '../../ui/lazyWhenOpened';

/** Loaded when Scan is first tapped: the sheet and its Modal are not on the first screen's path. */
const ScanSheet = lazyWhenOpened(() => import('../../features/scanning/ScanSheet').then((module) => module.ScanSheet));

const icons: Record<ShellLink['key'], typeof IconUser> = {
  overview: IconChartBar,
  manage: IconSettings,
  account: IconUser,
};

type ShellNavProps = {
  viewer: ShellNav_ViewerFragment | undefined;
  /** In the header on wide screens; a bottom toolbar of icon buttons on phones. */
  variant: 'header' | 'toolbar';
};

/**
 * Overview, Manage, Scan, Account and Sign Out (spec inspection.md section 2). Scan reads a
 * location's code anywhere and opens that location's universal link, /q/{uuid}, which leads to
 * the location's page.
 */
export function ShellNav({ viewer, variant }: ShellNavProps) {
  const { signOut, signingOut } = useSignOut();
  const navigate = useNavigate();
  const [scanning, setScanning] = useState(false);
  const links = viewer ? shellLinks(viewer) : [];
  const itemClass = variant === 'header' ? classes.headerItem : classes.toolbarItem;
  const iconSize = variant === 'header' ? 18 : 22;

  const location = useLocation();
  // One's own user page lies under one's organization, where Manage leads: there Account is the current page, not both.
  const accountPath = links.find(({ key }) => key === 'account')?.to;
  const onAccount = accountPath !== undefined && location.pathname === accountPath;
  const link = ({ key, label, to }: ShellLink) => {
    const Icon = icons[key];
    // Account carries the page it was opened from, where its Save and Back return (the user form's ?backUrl=, spec
    // admin-people-schedules.md section 2); opened again from itself, it keeps the one it has.
    const here = `${location.pathname}${location.search}`;
    const target = key !== 'account' ? to : location.pathname === to ? here : `${to}?backUrl=${encodeURIComponent(here)}`;
    const Item = key === 'manage' && onAccount ? Link : NavLink;
    return (
      <Item key={key} to={target} className={itemClass}>
        <Icon size={iconSize} />
        <span>{label}</span>
      </Item>
    );
  };

  return (
    <nav aria-label="Main" className={variant === 'header' ? classes.headerNav : classes.toolbar}>
      {links.filter(({ key }) => key !== 'account').map(link)}
      {viewer && (
        <UnstyledButton className={itemClass} onClick={() => setScanning(true)}>
          <IconScan size={iconSize} />
          <span>Scan</span>
        </UnstyledButton>
      )}
      {links.filter(({ key }) => key === 'account').map(link)}
      <UnstyledButton className={itemClass} onClick={() => void signOut()} disabled={signingOut}>
        <IconLogout size={iconSize} />
        <span>Sign Out</span>
      </UnstyledButton>
      <ScanSheet
        opened={scanning}
        title="Scan Code"
        onClose={() => setScanning(false)}
        onCode={(uuid) => navigate(`/q/${uuid}`)}
      />
    </nav>
  );
}
