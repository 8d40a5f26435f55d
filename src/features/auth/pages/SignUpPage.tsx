export default function SignUpPage() {
  return <h1>Sign Up</h1>;
}
