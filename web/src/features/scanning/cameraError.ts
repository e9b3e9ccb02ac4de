import type { IScannerError } from '@yudiel/react-qr-scanner';

const ADVICE: Record<IScannerError['kind'], string> = {
  'permission-denied': 'Camera access was refused. Allow the camera for this site in the browser settings.',
  'no-camera': 'No camera was found on this device.',
  'in-use': 'The camera is in use by another app. Close it and try again.',
  overconstrained: 'The camera cannot provide a usable picture.',
  'insecure-context': 'The camera needs a secure (https) connection.',
  unsupported: 'This browser cannot use the camera.',
  aborted: 'The camera stopped unexpectedly.',
  security: 'The browser blocked the camera.',
  'type-error': 'The camera could not be started.',
  unknown: 'The camera or the code reader could not start.',
};

function causeName(cause: unknown): string | null {
  if (typeof cause !== 'object' || cause === null) return null;
  const name = (cause as { name?: unknown }).name;
  return typeof name === 'string' && name !== '' && name !== 'Error' ? name : null;
}

/**
 * What the user reads when the camera fails: advice, and the technical reason (the error's kind
 * and its cause's name), since the browser's own message is often empty (an OverconstrainedError
 * has none) and the reason is what support needs to hear.
 */
export function describeCameraError(error: Pick<IScannerError, 'kind' | 'cause' | 'message'>): {
  advice: string;
  reason: string;
} {
  const name = causeName(error.cause);
  const parts = [error.kind, name, error.message.trim() || null].filter((part): part is string => part !== null);
  return { advice: ADVICE[error.kind] ?? ADVICE.unknown, reason: [...new Set(parts)].join(' · ') };
}
