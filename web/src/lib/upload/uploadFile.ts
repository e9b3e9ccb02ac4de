import type { Outcome } from '../outcome';
import { readAccessToken } from '../session/session';
import { endRefusedSession, refusesSession } from '../session/refusal';

export type UploadedFile = { url: string; mimetype: string };

/** The gateway passes uploads through to the backend on the app's own origin (DESIGN.md "Files"). */
export const UPLOADS_PATH = '/uploads';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** `{data:{attributes:{url,mimetype}}}` from the backend (docs/REST.md), or a plain `{url,mimetype}`. */
export function readUploadAnswer(body: unknown): UploadedFile | null {
  const data = isRecord(body) && isRecord(body.data) ? body.data : null;
  const fields = data && isRecord(data.attributes) ? data.attributes : isRecord(body) ? body : null;
  if (!fields || typeof fields.url !== 'string' || fields.url === '') return null;
  return { url: fields.url, mimetype: typeof fields.mimetype === 'string' ? fields.mimetype : '' };
}

function refusalMessage(body: unknown, status: number): string {
  const errors = isRecord(body) && Array.isArray(body.errors) ? (body.errors as unknown[]) : [];
  const first = errors[0];
  if (isRecord(first) && typeof first.detail === 'string') return first.detail;
  return `The photo could not be uploaded (${status}).`;
}

function refused(message: string): Outcome<UploadedFile> {
  return { status: 'refused', errors: [{ field: null, message, code: null }] };
}

/**
 * The app's one upload (DESIGN.md "Files": the client uploads first, then passes the returned URL):
 * POST /uploads on this origin as multipart/form-data with the bearer token. No answer or a server
 * fault is 'offline' (the file waits on the device); a refused session ends as any other call's would.
 */
export async function uploadFile(file: Blob, name: string): Promise<Outcome<UploadedFile>> {
  const body = new FormData();
  body.append('file', file, name);
  const token = readAccessToken();
  let response: Response;
  try {
    response = await fetch(new URL(UPLOADS_PATH, window.location.origin), {
      method: 'POST',
      body,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch {
    return { status: 'offline' };
  }
  if (refusesSession(response.status)) {
    endRefusedSession();
    return { status: 'signedOut' };
  }
  if (response.status >= 500) return { status: 'offline' };
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) return refused(refusalMessage(answer, response.status));
  const upload = readUploadAnswer(answer);
  return upload ? { status: 'done', value: upload } : refused('The photo upload gave no address.');
}
