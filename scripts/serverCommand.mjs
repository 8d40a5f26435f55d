// How the server process is started in production (npm start) and by the tests that stop it: Node itself, with
// tsx's loader hook for TypeScript. Not the `tsx` command: that wrapper forwards SIGTERM to a child and kills it
// about 60 ms later, which reset requests in flight; Node gets the signal here and the server drains them.
export const SERVER_START_ARGS = ['--import', 'tsx', 'server/src/main.ts'];
