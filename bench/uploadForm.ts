/**
 * The multipart body a browser posts to a pre-signed upload (S3's form, or the local stand-in): the policy's fields
 * first, then the file. The documents area posts it through app.inject, the night area over HTTP.
 */
export const UPLOAD_BOUNDARY = 'benchboundary';
export const UPLOAD_CONTENT_TYPE = `multipart/form-data; boundary=${UPLOAD_BOUNDARY}`;

export function uploadForm(fields: Record<string, string>, fileName: string, bytes: Buffer): Buffer {
  return Buffer.concat([
    ...Object.entries(fields).map(([k, v]) =>
      Buffer.from(`--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    ),
    Buffer.from(`--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${UPLOAD_BOUNDARY}--\r\n`),
  ]);
}
