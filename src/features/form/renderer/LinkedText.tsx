/** A web address in help text, without the punctuation that ends its sentence. */
const ADDRESS = /https?:\/\/[^\s]+?(?=[.,;:!?)]*(?:\s|$))/g;

/** Text whose web addresses (the FAFSA's, in a revealed note) are links. */
export function LinkedText({ text }: { text: string }) {
  const parts: (string | { href: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const start = match.index ?? 0;
    if (start > last) parts.push(text.slice(last, start));
    parts.push({ href: match[0] });
    last = start + match[0].length;
  }
  if (parts.length === 0) return <>{text}</>;
  if (last < text.length) parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.href}
            <span className="form-sr-only"> (opens in a new tab)</span>
          </a>
        ),
      )}
    </>
  );
}
