import { GENERIC_ERROR } from '../../kernel/messages';

/**
 * The multipart upload to a pre-signed URL (SPEC §7: "The file is sent as multipart form data to the pre-signed
 * URL, with its fields plus the file"). Not through RTK Query's baseQuery: that one always sends JSON. The
 * policy's fields go first, then `file` (S3 and the local upload route read only the fields before the file).
 * XMLHttpRequest for its upload progress; cookies only to this site (S3 gets none).
 */
export class UploadError extends Error {
  constructor(
    message: string,
    /** HTTP status, or 'FETCH_ERROR' when no answer came. */
    readonly status: number | string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/** The server's {message} when the answer is JSON (this server; S3 answers XML: the generic message). */
function messageOf(text: string): string {
  try {
    const message = (JSON.parse(text) as { message?: unknown } | null)?.message;
    return typeof message === 'string' && message.trim() !== '' ? message : GENERIC_ERROR;
  } catch {
    return GENERIC_ERROR;
  }
}

export interface UploadOptions {
  /** The name the file is sent under (the multipart part's filename), when not its own. */
  name?: string;
  signal?: AbortSignal;
  /** Called with the fraction sent (0 to 1) while the browser can tell. */
  onProgress?: (fraction: number) => void;
}

export function uploadFile(
  url: string,
  fields: Record<string, string>,
  file: Blob & { name?: string },
  { name: sentName, signal, onProgress }: UploadOptions = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file, sentName ?? file.name);

    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', abort);
    xhr.open('POST', url);
    xhr.withCredentials = false; // cookies go to this site only (credentials: 'same-origin')
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(new UploadError(messageOf(xhr.responseText), xhr.status));
    };
    xhr.onerror = () => {
      done();
      reject(new UploadError(GENERIC_ERROR, 'FETCH_ERROR'));
    };
    xhr.onabort = () => {
      done();
      reject(new UploadError(GENERIC_ERROR, 'ABORTED'));
    };
    if (signal?.aborted) {
      reject(new UploadError(GENERIC_ERROR, 'ABORTED'));
      return;
    }
    signal?.addEventListener('abort', abort);
    xhr.send(form);
  });
}
