import { useEffect, useState } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { AppShell, Text, UnstyledButton } from '@mantine/core';
import { useShellQuery } from './Shell.generated';
import { BackgroundSyncEffect } from '../../lib/outbox/BackgroundSyncEffect';
import { IconFlame } from '../../ui/icons';
import { EnvironmentBanner } from '../../ui/EnvironmentBanner';
import { ConnectionNotice } from '../../ui/OfflineNotice';
import { readLastViewer, storeLastViewer } from './lastViewer';
import { ShellNav } from './ShellNav';
import { OfflineCacheEffect } from './OfflineCacheEffect';
import { TopBarSlotContext } from '../../ui/TopBarSlot';
import { useWhenOnline } from '../../lib/useWhenOnline';
import classes from './Shell.module.css';
import { useIsPhone } from '../../ui/phone';

export function Shell() {
  const { data, refetch } = useShellQuery();
  const [slot, setSlot] = useState<HTMLDivElement | null>(null);
  const isPhone = useIsPhone();
  const answered = data?.viewer;
  // Offline the query fails: the toolbar keeps what the user may do from the last answer.
  const viewer = answered ?? readLastViewer();

  useEffect(() => {
    if (answered) storeLastViewer(answered);
  }, [answered]);

  // A query that failed offline is asked again when the network returns, without a reload.
  useWhenOnline(() => {
    refetch().catch(() => undefined);
  });

  return (
    <TopBarSlotContext.Provider value={slot}>
      {/* Work left on the device for walkabouts not on screen is saved wherever the user is in the app. */}
      <BackgroundSyncEffect userId={viewer?.id} />
      <OfflineCacheEffect />
      <AppShell header={{ height: 60 }} footer={{ height: 64, collapsed: !isPhone }} padding={0}>
        <a
          href="#main-content"
          className={classes.skipLink}
          onClick={(event) => {
            event.preventDefault();
            document.getElementById('main-content')?.focus();
          }}
        >
          Skip to content
        </a>
        <AppShell.Header className={classes.header}>
          {!isPhone && (
            <UnstyledButton component={Link} to="/buildings" className={classes.brand} aria-label="Fire Safety Inspections, Buildings">
              <span className={classes.brandMark}>
                <IconFlame size={18} />
              </span>
              <Text fw={700} size="sm" className={classes.brandName}>
                Fire Safety Inspections
              </Text>
            </UnstyledButton>
          )}
          <div ref={setSlot} className={classes.slot} />
          {!isPhone && <ShellNav viewer={viewer} variant="header" />}
        </AppShell.Header>
        <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
          <EnvironmentBanner />
          <div className={classes.connection}>
            <ConnectionNotice />
          </div>
          <Outlet />
        </AppShell.Main>
        {isPhone && (
          <AppShell.Footer className={classes.footer}>
            <ShellNav viewer={viewer} variant="toolbar" />
          </AppShell.Footer>
        )}
      </AppShell>
    </TopBarSlotContext.Provider>
  );
}
