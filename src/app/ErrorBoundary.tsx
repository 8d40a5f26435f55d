import { ROOT_ERROR_TEXT, ROOT_ERROR_TITLE } from '../config/messages';

/** The root error screen (SPEC §8), shown by the router when a route throws while rendering or loading. */
export function RootErrorScreen() {
  return (
    <main className="root-error" role="alert">
      <h1>{ROOT_ERROR_TITLE}</h1>
      <p>{ROOT_ERROR_TEXT}</p>
    </main>
  );
}
