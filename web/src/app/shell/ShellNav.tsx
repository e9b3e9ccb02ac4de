import { NavLink } from 'react-router-dom';
import { UnstyledButton } from '@mantine/core';
import type { ShellNav_ViewerFragment } from '../../generated/graphql';
import { useSignOut } from '../../features/auth/useSignOut';
import { IconChartBar, IconLogout, IconSettings, IconUser } from '../../ui/icons';
import { shellLinks, type ShellLink } from './shellLinks';
import classes from './Shell.module.css';

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

export function ShellNav({ viewer, variant }: ShellNavProps) {
  const { signOut, signingOut } = useSignOut();
  const links = viewer ? shellLinks(viewer) : [];
  const itemClass = variant === 'header' ? classes.headerItem : classes.toolbarItem;

  return (
    <nav aria-label="Main" className={variant === 'header' ? classes.headerNav : classes.toolbar}>
      {links.map(({ key, label, to }) => {
        const Icon = icons[key];
        return (
          <NavLink key={key} to={to} className={itemClass}>
            <Icon size={variant === 'header' ? 18 : 22} />
            <span>{label}</span>
          </NavLink>
        );
      })}
      <UnstyledButton className={itemClass} onClick={() => void signOut()} disabled={signingOut}>
        <IconLogout size={variant === 'header' ? 18 : 22} />
        <span>Sign Out</span>
      </UnstyledButton>
    </nav>
  );
}
