import { createAction } from '@reduxjs/toolkit';

/**
 * The app's shared events, in one bottom-layer module: intents that components dispatch and listeners carry out
 * (ARCHITECTURE: side effects live in listeners), and what the API layer reports. Named as things that happened.
 * A feature's own events stay in its slice.
 */

/** The app loaded: the router's loader read these query parameters. */
export const appStarted = createAction<{ token?: string; serviceToken?: string }>('app/started');

/**
 * appStarted's loads are over, done or failed (the account, a public link's answers, the print view's bundle). While a
 * pre-rendered shell shows, the app's first render waits for it (src/firstPaint/startApp.tsx).
 */
export const startupLoadsSettled = createAction('app/startupLoadsSettled');

/** A route was shown (after any redirect). */
export const pageVisited = createAction<string>('app/pageVisited');

/** A header tab ('tab') or a bottom-bar button ('pageButton') asked to go to another form page. */
export const navigationRequested = createAction<{ to: string; via: 'tab' | 'pageButton' }>('app/navigationRequested');

/** 'Submit Application' was pressed. */
export const submitRequested = createAction('app/submitRequested');

/** The applicant asked to log out, or the inactivity timer ran out. */
export const logoutRequested = createAction<{ reason: 'user' | 'inactivity' }>('app/logoutRequested');

/** The browser is back online, or the server's maintenance is over: pending answers are sent. */
export const connectionRestored = createAction('app/connectionRestored');

/** The server answered 401: the session is gone (SPEC §8). The session listener clears the cache and redirects. */
export const sessionInvalidated = createAction('api/sessionInvalidated');

/**
 * The server accepted a login (the session listener then loads the account). Every slice that holds an
 * applicant's data hears it and userLoggedOut, so none of them needs the session feature.
 */
export const userLoggedIn = createAction<{ username: string }>('session/userLoggedIn');

/** The session ended here (logout, inactivity, 401): every slice that holds an applicant's data resets. */
export const userLoggedOut = createAction('session/userLoggedOut');

/**
 * Answers changed without a keystroke (the server set or cleared a document's mark): while the application is
 * being validated, the form revalidates these keys and their messages follow.
 */
export const revalidationRequested = createAction<{ keys: string[] }>('answers/revalidationRequested');

/** The applicant moved on with a page button, answers saved (SPEC §4: the first such move ends the welcome). */
export const pageChanged = createAction('session/pageChanged');
