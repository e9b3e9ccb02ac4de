import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Badge, Button, Card, Center, EmptyState, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { WalkaboutReportList_ReportFragment } from './WalkaboutReportList.generated';
import { IconExternalLink, IconSearch } from '../../ui/icons';
import { displayDateTime, displayPeriod, downloadRoute } from './reportDates';
import { ReportEmailSheet } from './ReportEmailSheet';
import classes from './reports.module.css';

/**
 * Walkabout reports as a list: name, cycle, period, lock time and the interim badge. A ready report's name is a
 * link that opens its PDF in a new window through /reports/download, and it can be e-mailed; one still being made
 * says so instead.
 */
export function WalkaboutReportList({ reports, label }: { reports: readonly WalkaboutReportList_ReportFragment[]; label: string }) {
  if (reports.length === 0) {
    return (
      <Center py="xl">
        <EmptyState icon={<IconSearch size={28} />} withIndicatorBackground title="No results found" />
      </Center>
    );
  }
  return (
    <ul className={classes.list} aria-label={label}>
      {reports.map((report) => (
        <li key={report.id}>
          <WalkaboutReportItem report={report} />
        </li>
      ))}
    </ul>
  );
}

function WalkaboutReportItem({ report }: { report: WalkaboutReportList_ReportFragment }) {
  const period = displayPeriod(report.startDate, report.endDate);
  const lockedAt = displayDateTime(report.lockedAt);
  const [emailing, setEmailing] = useState(false);
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          {report.status === 'READY' ? (
            <Anchor component={Link} to={downloadRoute(report.url)} target="_blank" rel="noopener" fw={600} className={classes.reportName}>
              {report.name}
              <IconExternalLink size={16} className={classes.externalIcon} />
              <VisuallyHidden> (opens the PDF in a new window)</VisuallyHidden>
            </Anchor>
          ) : (
            <Text fw={600} className={classes.reportName}>
              {report.name}
            </Text>
          )}
          <Group gap={6} wrap="nowrap">
            {report.isInterim && (
              <Badge color="orange" variant="light">
                Interim
              </Badge>
            )}
            {report.status === 'PENDING' && (
              <Badge color="gray" variant="light">
                Being generated
              </Badge>
            )}
            {report.status === 'FAILED' && (
              <Badge color="red" variant="light">
                Could not be generated
              </Badge>
            )}
          </Group>
        </Group>
        <dl className={classes.facts}>
          {report.cycleName && (
            <div>
              <dt>Cycle</dt>
              <dd>{report.cycleName}</dd>
            </div>
          )}
          {period && (
            <div>
              <dt>Period</dt>
              <dd>{period}</dd>
            </div>
          )}
          <div>
            <dt>Locked</dt>
            <dd>{lockedAt ?? 'Not locked yet'}</dd>
          </div>
        </dl>
        {report.status === 'READY' && (
          <Group>
            <Button size="xs" variant="default" onClick={() => setEmailing(true)} aria-label={`Email ${report.name}`}>
              Email
            </Button>
          </Group>
        )}
      </Stack>
      {emailing && <ReportEmailSheet reportId={report.id} reportName={report.name} onClose={() => setEmailing(false)} />}
    </Card>
  );
}
