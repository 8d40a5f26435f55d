import type { FastifyRequest } from 'fastify';
import { badRequest } from '../http/errors';
import type { PolicyFields } from './policy';
import { DOCUMENT_MESSAGES, FileTooLarge, type IncomingFile } from './service';

/** The multipart fields of a local upload (the policy of a pre-signed post); others are ignored. */
const POLICY_FIELDS = ['key', 'policy', 'signature'];

/**
 * Reads a local upload as S3 would a pre-signed POST: the policy's fields first, then one `file`; fields after the
 * file are not seen, other parts are drained unread. `accept` gets the fields and the file (the applicants' route
 * and the counselor's pass their own owner). Throws 400 when no file came.
 */
export async function readLocalUpload(
  request: FastifyRequest,
  accept: (fields: Partial<PolicyFields>, file: IncomingFile) => Promise<unknown>,
) {
  const fields: Record<string, string> = {};
  let received = false;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (!received && POLICY_FIELDS.includes(part.fieldname) && typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
      continue;
    }
    if (received || part.fieldname !== 'file') {
      part.file.resume();
      continue;
    }
    received = true;
    await accept(
      { ...fields },
      {
        name: part.filename,
        async read() {
          try {
            return await part.toBuffer();
          } catch (error) {
            if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new FileTooLarge();
            throw error;
          }
        },
        discard() {
          if (!part.file.readableEnded) part.file.resume();
        },
      },
    );
  }
  if (!received) throw badRequest(DOCUMENT_MESSAGES.uploadIncomplete);
}
