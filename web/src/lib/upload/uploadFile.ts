import { readAccessToken } from '../session/session';

export type UploadResult =
  | { status: 'ok'; url: string; mimetype: string }
  | { status: 'offline' }
  | { status: 'signedOut' }
  | { status: 'refused'; message: string };

/** The gateway passes uploads through to the backend on the app's own origin (DESIGN.md "Files"). */
export const UPLOADS_PATH = '/uploads';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** `{data:{attributes:{url,mimetype}}}` from the backend (docs/REST.md), or a plain `{url,mimetype}`. */
export function readUploadAnswer(body: unknown): { url: string; mimetype: string } | null {
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

/** POST /uploads as multipart/form-data with the bearer token; the save then passes the returned url. */
export async function uploadPhoto(photo: Blob, name: string): Promise<UploadResult> {
  const body = new FormData();
  body.append('file', photo, name);
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
  if (response.status === 401 || response.status === 403) return { status: 'signedOut' };
  if (response.status >= 500) return { status: 'offline' };
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) return { status: 'refused', message: refusalMessage(answer, response.status) };
  const upload = readUploadAnswer(answer);
  return upload ? { status: 'ok', ...upload } : { status: 'refused', message: 'The photo upload gave no address.' };
}
