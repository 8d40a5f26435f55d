/** Shown after submission; no form navigation here (SPEC §2). */
export default function CompletionPage() {
  return (
    <>
      <h1>Application Submitted</h1>
      <p>Thank you. We have received your application.</p>
    </>
  );
}
