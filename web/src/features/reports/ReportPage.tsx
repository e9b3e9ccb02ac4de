import type { ReactNode } from 'react';
import { Stack, Title } from '@mantine/core';
import { TopBar, type TopBarProps } from '../../ui/TopBar';
import classes from './reports.module.css';

type ReportPageProps = {
  title: string;
  back: NonNullable<TopBarProps['back']>;
  /** The building the screen is about, as its heading once known. */
  buildingName?: string | null;
  /** The top bar's page actions (a documents list's Upload). */
  actions?: ReactNode;
  children: ReactNode;
};

/** The frame of a building's report screens: the top bar with its way back, then the building's name over the content. */
export function ReportPage({ title, back, buildingName, actions, children }: ReportPageProps) {
  return (
    <>
      <TopBar title={title} back={back} actions={actions} />
      <Stack gap="md" className={classes.page}>
        {buildingName && (
          <Title order={2} size="h3" className={classes.buildingName}>
            {buildingName}
          </Title>
        )}
        {children}
      </Stack>
    </>
  );
}
