/** Splits text around its web addresses (without the punctuation that ends their sentence): odd parts are addresses. */
const ADDRESSES = /(https?:\/\/\S+?)(?=[.,;:!?)]*(?:\s|$))/;

/** Text whose web addresses (the FAFSA's, in a revealed note) are links. */
export function LinkedText({ text }: { text: string }) {
  return text.split(ADDRESSES).map((part, i) =>
    i % 2 ? (
      <a key={i} href={part} target="_blank" rel="noopener noreferrer">
        {part}
        <span className="form-sr-only"> (opens in a new tab)</span>
      </a>
    ) : (
      part
    ),
  );
}
