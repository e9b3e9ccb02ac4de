import { describe, expect, it } from 'vitest';
import { createSignal, onWindowEvent } from './signal';

describe('Signals', () => {
  it('tells each listener every value until it unsubscribes', () => {
    const signal = createSignal<string>();
    const heard: string[] = [];
    const stop = signal.subscribe((value) => heard.push(`a:${value}`));
    signal.subscribe((value) => heard.push(`b:${value}`));
    signal.emit('one');
    stop();
    signal.emit('two');
    expect(heard).toEqual(['a:one', 'b:one', 'b:two']);
  });

  it('lets a listener unsubscribe while it is being told', () => {
    const signal = createSignal();
    let told = 0;
    const stop = signal.subscribe(() => {
      told += 1;
      stop();
    });
    signal.emit();
    signal.emit();
    expect(told).toBe(1);
  });

  it('listens to a window event until stopped', () => {
    let told = 0;
    const stop = onWindowEvent('online', () => {
      told += 1;
    });
    window.dispatchEvent(new Event('online'));
    stop();
    window.dispatchEvent(new Event('online'));
    expect(told).toBe(1);
  });
});
