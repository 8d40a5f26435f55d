/** About You: its questions come from the form definition (Application form issue). */
export default function AboutPage() {
  return <h1>About You</h1>;
}
