/**
 * One of the counselor's documents: its state, a file input to upload it (checked here first, with the applicant's
 * rules and the counselor's 10 MB), a Remove button once it is there. An upload is: a pre-signed post, the multipart
 * post of the file, the conversion started, then polled until it is done or has failed. A refused or failed upload
 * leaves the document as it was (and every other one as it is): its error shows here, announced.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import type { CounselorDocumentT } from '../kernel/counselor/contract';
import { COUNSELOR_SIZE_LIMIT, COUNSELOR_FILE_MAX_BYTES } from '../kernel/schoolReport/rules';
import { checkFile, FILE_ACCEPT, FILE_MESSAGES, shortenedName } from '../kernel/documents/fileRules';
import { FILE_NAME_HINT, shortNameButton, shortNameOffer } from '../kernel/documents/messages';
import {
  errorMessage,
  useDocumentStatusMutation,
  usePresignMutation,
  useRemoveDocumentMutation,
  useStartConversionMutation,
} from './api';
import { postFile } from './upload';
import { Alert, Status } from './ui';

/** How often a conversion is asked about while it runs. */
export const POLL_MS = 1500;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const MAX_MB = COUNSELOR_FILE_MAX_BYTES / (1024 * 1024);
/** The limit and the types, said before anyone chooses a file (one home for the wording of both). */
export const FILE_HINT = `Accepted file types: ${FILE_ACCEPT.split(',').join(', ')}. Each file may be up to ${MAX_MB} MB (scans are welcome).`;

export const isConverting = (status: CounselorDocumentT['status']) =>
  status === 'unprocessed' || status === 'in_progress';

export function DocumentField({
  doc,
  onChanged,
  titled = true,
}: {
  doc: CounselorDocumentT;
  onChanged: () => void;
  /** False inside the recommendation's own section, which has the title. */
  titled?: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  /** A file refused only for its name's length, and the name it may go up under instead. */
  const [renamable, setRenamable] = useState<{ file: File; name: string }>();
  const [presign] = usePresignMutation();
  const [startConversion] = useStartConversionMutation();
  const [documentStatus] = useDocumentStatusMutation();
  const [removeDocument] = useRemoveDocumentMutation();
  const label = doc.label.toLowerCase();

  async function upload(file: File, name = file.name) {
    setNotice(undefined);
    setRenamable(undefined);
    const problem = checkFile({ name, size: file.size, type: file.type }, COUNSELOR_SIZE_LIMIT);
    if (problem) {
      setError(problem);
      if (problem === FILE_MESSAGES.nameTooLong) setRenamable({ file, name: shortenedName(name) });
      return;
    }
    setError(undefined);
    setBusy(`Uploading ${name}…`);
    try {
      const { url, fields } = await presign(doc.kind).unwrap();
      await postFile(url, fields, file, name);
      setBusy(`Processing ${name}…`);
      let conversion = await startConversion({ kind: doc.kind, file_key: fields.key, file_name: name }).unwrap();
      while (isConverting(conversion.status)) {
        await wait(POLL_MS);
        conversion = await documentStatus(doc.kind).unwrap();
      }
      if (conversion.status === 'failed') setError(conversion.message);
      else setNotice(`${name} was uploaded as the ${label}.`);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(undefined);
      if (input.current) input.current.value = '';
      onChanged();
    }
  }

  async function remove() {
    setNotice(undefined);
    setError(undefined);
    try {
      await removeDocument(doc.kind).unwrap();
      setNotice(`The ${label} was removed.`);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  const hasFile = doc.status === 'completed' || isConverting(doc.status);
  const errorId = `${id}-error`;
  return (
    <Wrapper titled={titled} id={`${id}-title`} title={doc.label} required={doc.required}>
      {doc.status === 'completed' && doc.file_name ? (
        <p className="c-file">
          Uploaded: <strong>{doc.file_name}</strong>
        </p>
      ) : null}
      {isConverting(doc.status) && !busy ? <p className="c-file">{doc.message}</p> : null}
      {doc.status === 'failed' && !error && !busy ? <p className="c-error">{doc.message}</p> : null}
      {hasFile ? (
        <button type="button" className="c-button c-button-secondary" onClick={remove} disabled={Boolean(busy)}>
          Remove the {label}
        </button>
      ) : (
        <div className="c-field">
          <label htmlFor={`${id}-file`}>Choose the {label} file</label>
          <p id={`${id}-hint`} className="c-hint">
            {FILE_HINT} {FILE_NAME_HINT}
          </p>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept={FILE_ACCEPT}
            disabled={Boolean(busy)}
            aria-describedby={`${id}-hint ${errorId}`}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) void upload(file);
            }}
          />
        </div>
      )}
      <Status message={busy ?? notice} />
      <Alert id={errorId} message={error} />
      {renamable ? (
        <p>
          {shortNameOffer(renamable.name)}{' '}
          <button
            type="button"
            className="c-button c-button-secondary"
            onClick={() => void upload(renamable.file, renamable.name)}
          >
            {shortNameButton(renamable.name)}
          </button>
        </p>
      ) : null}
    </Wrapper>
  );
}

function Wrapper({
  titled,
  id,
  title,
  required,
  children,
}: {
  titled: boolean;
  id: string;
  title: string;
  required: boolean;
  children: ReactNode;
}) {
  if (!titled) return <div>{children}</div>;
  return (
    <section className="c-doc" aria-labelledby={id}>
      <h3 id={id} className="c-doc-title">
        {title} <span className="c-tag">{required ? '(required)' : '(optional)'}</span>
      </h3>
      {children}
    </section>
  );
}
