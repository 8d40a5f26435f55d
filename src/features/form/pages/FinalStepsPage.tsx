/** Final Steps: its questions come from the form definition (Application form issue). */
export default function FinalStepsPage() {
  return <h1>Final Steps</h1>;
}
