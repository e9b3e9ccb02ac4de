import { useSyncExternalStore } from 'react';
import { Button, Group, Paper, ScrollArea, Text } from '@mantine/core';
import { debugLogLines, formatDebugLog, subscribeDebugLog } from '../../../lib/debugLog';

/** The name Save Logs gives the file: the walkabout and the moment, safe on every file system. */
export function debugLogFileName(walkaboutId: string, at: Date): string {
  return `walkabout-${walkaboutId}-log-${at.toISOString().replace(/[:.]/g, '-')}.txt`;
}

function saveTextFile(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once click() returns; the address is only needed until then.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * inspection.md section 2: in debug mode (a per-user setting), the walkabout screen shows its log
 * with a Save Logs button that saves it as a text file.
 */
export function DebugLogBox({ walkaboutId, header }: { walkaboutId: string; header: () => readonly string[] }) {
  const lines = useSyncExternalStore(subscribeDebugLog, debugLogLines);
  const save = () => {
    const now = new Date();
    saveTextFile(debugLogFileName(walkaboutId, now), formatDebugLog([...header(), `Saved: ${now.toISOString()}`], lines));
  };
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="debug-log-title">
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Text id="debug-log-title" fw={600} size="sm">
          Debug log ({lines.length === 1 ? '1 line' : `${lines.length} lines`})
        </Text>
        <Button size="xs" variant="default" onClick={save}>
          Save Logs
        </Button>
      </Group>
      <ScrollArea.Autosize mah={160} type="auto" tabIndex={0} aria-label="Debug log lines">
        {lines.length === 0 ? (
          <Text size="xs" c="dimmed">
            Nothing logged yet.
          </Text>
        ) : (
          <Text component="pre" size="xs" ff="monospace" m={0} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {lines
              .slice(-100)
              .reverse()
              .map((line) => `${new Date(line.at).toLocaleTimeString()} ${line.text}`)
              .join('\n')}
          </Text>
        )}
      </ScrollArea.Autosize>
    </Paper>
  );
}
