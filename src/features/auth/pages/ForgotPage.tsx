export default function ForgotPage() {
  return <h1>Forgot Password</h1>;
}
