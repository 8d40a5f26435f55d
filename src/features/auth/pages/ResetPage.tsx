export default function ResetPage() {
  return <h1>Reset Password</h1>;
}
