import type { Outcome } from '../outcome';
import { readAccessToken } from '../session/session';
import { endRefusedSession, refusesSession } from '../session/refusal';

export type UploadedFile = { url: string; mimetype: string; pageCount: number | null };

/** What the upload is for (backend POST /uploads?kind=): a photo or logo, or a document (PDF, office file, scan). */
export type UploadKind = 'image' | 'document';

/** The gateway passes uploads through to the backend on the app's own origin (DESIGN.md "Files"). */
export const UPLOADS_PATH = '/uploads';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** `{data:{attributes:{url,mimetype,pageCount}}}` from the backend (docs/REST.md), or a plain `{url,mimetype}`. */
export function readUploadAnswer(body: unknown): UploadedFile | null {
  const data = isRecord(body) && isRecord(body.data) ? body.data : null;
  const fields = data && isRecord(data.attributes) ? data.attributes : isRecord(body) ? body : null;
  if (!fields || typeof fields.url !== 'string' || fields.url === '') return null;
  return { url: fields.url, mimetype: typeof fields.mimetype === 'string' ? fields.mimetype : '', pageCount: typeof fields.pageCount === 'number' ? fields.pageCount : null };
}

function refusalMessage(body: unknown, status: number): string {
  const errors = isRecord(body) && Array.isArray(body.errors) ? (body.errors as unknown[]) : [];
  const first = errors[0];
  if (isRecord(first) && typeof first.detail === 'string') return first.detail;
  return `The file could not be uploaded (${status}).`;
}

function refused(message: string): Outcome<UploadedFile> {
  return { status: 'refused', errors: [{ field: null, message, code: null }] };
}

/**
 * The app's one upload (DESIGN.md "Files": the client uploads first, then passes the returned URL):
 * POST /uploads on this origin as multipart/form-data with the bearer token. No answer or a server
 * fault is 'offline' (the file waits on the device); a refused session ends as any other call's would.
 */
export async function uploadFile(file: Blob, name: string, kind: UploadKind = 'image'): Promise<Outcome<UploadedFile>> {
  const body = new FormData();
  body.append('file', file, name);
  const token = readAccessToken();
  let response: Response;
  try {
    const url = new URL(UPLOADS_PATH, window.location.origin);
    if (kind !== 'image') url.searchParams.set('kind', kind);
    response = await fetch(url, {
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
  return upload ? { status: 'done', value: upload } : refused('The upload gave no address.');
}
