/** The provinces package ships no types: a list of { short?, name, country, alt?, region? }. */
declare module 'provinces' {
  const provinces: readonly { short?: string; name: string; country: string; alt?: string[]; region?: string }[];
  export default provinces;
}
