/**
 * The app's one way to tell listeners of an event: a signal that starts anywhere (the Apollo link
 * chain, the outbox, the debug log) and ends wherever someone subscribed, inside React or not.
 */
export type Signal<T> = {
  emit: (value: T) => void;
  /** Returns the function that unsubscribes. */
  subscribe: (listener: (value: T) => void) => () => void;
};

export function createSignal<T = void>(): Signal<T> {
  const listeners = new Set<(value: T) => void>();
  return {
    emit(value: T) {
      for (const listener of [...listeners]) listener(value);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** A browser event of the window ('online', 'offline', 'error'…) as a subscription: returns the function that unsubscribes. */
export function onWindowEvent<K extends keyof WindowEventMap>(
  type: K,
  listener: (event: WindowEventMap[K]) => void,
  options?: AddEventListenerOptions,
): () => void {
  window.addEventListener(type, listener, options);
  return () => window.removeEventListener(type, listener, options);
}
