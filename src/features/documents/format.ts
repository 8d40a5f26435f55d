/** A file size as people read it, in the units of the 1 MB limit (1 MB = 1,000,000 bytes): '850 bytes', '12 KB', '1.0 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
