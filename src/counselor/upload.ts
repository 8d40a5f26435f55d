/**
 * The multipart post of a file to its pre-signed URL, the shape the applicants' app sends (SPEC §7): the policy's
 * fields first, then `file`. fetch, not XMLHttpRequest: no progress bar to feed, and lighter. The local store's
 * upload path is this site's, so it gets the link's token as every counselor call does; S3 gets no header of ours.
 */
import { COUNSELOR_TOKEN_HEADER } from '../kernel/counselor/paths';
import { GENERIC_ERROR } from '../kernel/messages';
import { currentToken, messageOf } from './api';

export class UploadError extends Error {}

/** `name` is the name the file is sent under (a shortened one, when its own was too long). */
export async function postFile(
  url: string,
  fields: Record<string, string>,
  file: File,
  name = file.name,
): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, name);
  const target = new URL(url, window.location.origin);
  const own = target.origin === window.location.origin;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (own) headers[COUNSELOR_TOKEN_HEADER] = currentToken() ?? '';
  let response: Response;
  try {
    response = await fetch(target.href, { method: 'POST', body: form, headers, credentials: 'omit' });
  } catch {
    throw new UploadError(GENERIC_ERROR);
  }
  if (response.ok) return;
  const text = await response.text().catch(() => '');
  let data: unknown = null;
  try {
    data = JSON.parse(text);
  } catch {
    // S3 answers XML: the generic message.
  }
  throw new UploadError(messageOf(data));
}
