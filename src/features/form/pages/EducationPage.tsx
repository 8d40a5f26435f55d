/** Your Academics: its questions come from the form definition (Application form issue). */
export default function EducationPage() {
  return <h1>Your Academics</h1>;
}
