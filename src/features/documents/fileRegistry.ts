/**
 * Chosen files wait here between the component that received them and the upload listener: a File cannot go
 * into a Redux action (actions stay serializable, so time travel and persistence keep working), so the action
 * carries an id and the file's facts. Each file is taken once.
 */
const files = new Map<string, File>();
let next = 0;

export function registerFile(file: File): string {
  next += 1;
  const id = `file-${next}`;
  files.set(id, file);
  return id;
}

/** The file registered under `id`, removed from the registry; undefined when it was taken already. */
export function takeFile(id: string): File | undefined {
  const file = files.get(id);
  files.delete(id);
  return file;
}
