import 'fake-indexeddb/auto';
import './testEnvironment';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, waitFor } from '@testing-library/react';
import { renderApp } from '../../test/render';
import { conditionDomId } from './components/ConditionRow';
import { entryDomId } from './components/EntryCard';
import { closeEditsDb } from '../../lib/outbox/pendingEdits';
import { settleSaves } from '../../lib/outbox/saveQueue';
import { aCondition, aFloor, anEntry, aWalkabout, EDIT_ROUTE, pageAnswering, saveRecorder } from './testData';

// Every render of a condition row draws its status icon once, and nothing else draws these four:
// counting their renders counts row renders.
const statusIconRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../ui/icons', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../ui/icons')>();
  const counted = (Icon: typeof actual.IconCheck) =>
    function CountedIcon(props: Parameters<typeof actual.IconCheck>[0]) {
      statusIconRenders.count += 1;
      return <Icon {...props} />;
    };
  return {
    ...actual,
    IconCheck: counted(actual.IconCheck),
    IconX: counted(actual.IconX),
    IconCircle: counted(actual.IconCircle),
    IconMinus: counted(actual.IconMinus),
  };
});
vi.mock('../scanning/QrCameraScanner', () => ({ default: () => null }));

const ENTRIES = 100;
const CONDITIONS_PER_ENTRY = 20;

function bigWalkabout() {
  const entries = Array.from({ length: ENTRIES }, (_, e) =>
    anEntry({
      id: `e${e}`,
      label: `Entry ${e}`,
      scannedAt: '2026-03-02T09:00:00.000Z',
      conditions: Array.from({ length: CONDITIONS_PER_ENTRY }, (_, c) =>
        aCondition({ id: `c${e}-${c}`, label: `Condition ${e}-${c}`, type: c % 2 === 0 ? 'BOOLEAN' : 'YESNO' }),
      ),
    }),
  );
  return aWalkabout({ floors: [aFloor('1', 'Ground', entries)] });
}

beforeEach(async () => {
  await settleSaves();
  await closeEditsDb();
  globalThis.indexedDB = new IDBFactory();
});

afterEach(async () => {
  cleanup();
  await settleSaves();
});

describe('Walkabout edit with 2,000 conditions', () => {
  it('renders every condition of the floor, and a tap re-renders only the tapped row', async () => {
    const saves = saveRecorder();
    const started = performance.now();
    const { user } = renderApp({ route: EDIT_ROUTE, handlers: [pageAnswering(bigWalkabout()), saves.handler] });
    // Role queries compute accessible names of thousands of elements in jsdom: look the row up by its id.
    const row = await waitFor(
      () => {
        const element = document.getElementById(conditionDomId('c57-4'));
        if (!element) throw new Error('not rendered yet');
        return element;
      },
      { timeout: 30_000 },
    );
    const target = row.querySelector<HTMLButtonElement>('[data-focus-target]');
    if (!target) throw new Error('no tap control');
    const rendered = performance.now() - started;
    expect(document.querySelectorAll('[data-condition-row]')).toHaveLength(ENTRIES * CONDITIONS_PER_ENTRY);

    statusIconRenders.count = 0;
    const tapStarted = performance.now();
    await user.click(target);
    const tapped = performance.now() - tapStarted;
    expect(target).toHaveTextContent('Satisfactory');
    expect(statusIconRenders.count).toBe(1);
    expect(document.getElementById(entryDomId('e57'))).toHaveTextContent('1 of 20 marked');

    statusIconRenders.count = 0;
    await user.click(target);
    expect(target).toHaveTextContent('Unsatisfactory');
    // The row, and the remarks box it now shows: still one row.
    expect(statusIconRenders.count).toBe(1);
    console.info(`2,000 conditions: first render ${Math.round(rendered)} ms, tap ${Math.round(tapped)} ms (jsdom)`);
  }, 60_000);
});
