/** Small JSON-schema builders shared by the routes' input schemas. */
export const str = (maxLength: number, extra: Record<string, unknown> = {}) =>
  ({ type: 'string', maxLength, ...extra }) as const;

export const objectOf = (properties: Record<string, unknown>, required: string[] = Object.keys(properties)) =>
  ({ type: 'object', additionalProperties: false, properties, required }) as const;
