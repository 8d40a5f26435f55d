/** Side-effect CSS imports (webpack css-loader). */
declare module '*.css';
