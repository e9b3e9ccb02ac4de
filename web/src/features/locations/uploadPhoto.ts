import { sessionRefused } from '../../lib/events';
import { clearStoredSession, readAccessToken } from '../../lib/session/session';

export type UploadedFile = { url: string; mimetype: string };

export class UploadError extends Error {
  constructor(readonly status: number | null) {
    super(status === null ? 'The upload did not reach the server' : `The upload was refused (${status})`);
    this.name = 'UploadError';
  }
}

function uploadedFile(body: unknown): UploadedFile | null {
  const attributes = (body as { data?: { attributes?: { url?: unknown; mimetype?: unknown } } } | null)?.data?.attributes;
  if (typeof attributes?.url !== 'string' || typeof attributes.mimetype !== 'string') return null;
  return { url: attributes.url, mimetype: attributes.mimetype };
}

/**
 * Uploads a photo first, as the specification's flow has it (DESIGN.md "Files"): POST /uploads on
 * this origin (the gateway passes it to the backend's storage) with the bearer token, answering
 * {data:{attributes:{url,mimetype}}}. A refused session ends as any other call's would.
 */
export async function uploadPhoto(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  const token = readAccessToken();
  let response: Response;
  try {
    response = await fetch(new URL('/uploads', window.location.origin), {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    });
  } catch {
    throw new UploadError(null);
  }
  if (response.status === 401 || response.status === 403) {
    clearStoredSession();
    sessionRefused.emit();
  }
  if (!response.ok) throw new UploadError(response.status);
  const uploaded = uploadedFile(await response.json().catch(() => null));
  if (!uploaded) throw new UploadError(response.status);
  return uploaded;
}
