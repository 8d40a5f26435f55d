export default function ConfirmPage() {
  return <h1>Confirm Your Account</h1>;
}
